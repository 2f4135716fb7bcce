# `make test` runs everything CI runs; `make check` is the quick daily
# subset (gofmt, go vet, the unit tests). The stages and what runs side by
# side are in .ci/test; each stage is also a target of its own.
SHELL := /bin/bash

.PHONY: test check run fmt-check vet unit lint-openapi postgres fuzz-smoke browser rules-module diff-rules

test:
	@bash .ci/test all

check:
	@bash .ci/test check

run:
	go run ./cmd/motamed

fmt-check:
	@bash .ci/test fmt

vet:
	@bash .ci/test vet

# The unit tests (SQLite; -race but for the pure game and scoring
# packages), each game's rule-catalog coverage, and the tools' module.
unit:
	@bash .ci/test unit

# openapi.yaml passes Spectral's spectral:oas ruleset and Redocly's
# recommended rules with no error (the pinned linters are in .ci/lint/).
lint-openapi:
	@bash .ci/test lint-openapi

# The storage conformance suite and the two-instance tests against a
# PostgreSQL server of their own (.ci/postgres). In CI a missing PostgreSQL
# fails; elsewhere these tests skip.
postgres:
	@bash .ci/test postgres

# Every fuzz target, a fixed number of executions each.
fuzz-smoke:
	@bash .ci/test fuzz

# The browser test: the real server, headless Chromium (installed by
# .ci/browser-deps when missing); screenshots in artifacts/browser/ or $MOTAMED_ARTIFACTS.
browser:
	@bash .ci/test browser

# The rules as the table app runs them offline: rebuild the WebAssembly
# module the server embeds (api/web/assets/rules.wasm.gz) after changing
# the rules; the browser stage fails while it is not the build of them.
rules-module:
	go generate ./cmd/motamed-rules

# The module against the Go rules on many generated matches per game (the
# browser stage plays a sample of 2), legal and illegal events, in
# headless Chromium: zero differences. MOTAMED_DIFF_MATCHES sets the count.
diff-rules:
	bash .ci/browser-deps && MOTAMED_MEASURE=1 MOTAMED_DIFF_MATCHES=$${MOTAMED_DIFF_MATCHES:-30} go test -tags browser -count=1 -timeout 3600s -v -run 'TestRulesModuleAgreesWithTheServer|TestRulesModuleAgreesOnTheTestCorpus|TestRulesModuleLoadsFast|TestRulesModuleLoadPhases' ./e2e/
