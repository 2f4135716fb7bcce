# One target runs everything CI runs: `make test`.
SHELL := /bin/bash

.PHONY: test fmt-check vet lint-openapi unit postgres rules-coverage fuzz-smoke browser run

test: fmt-check vet lint-openapi unit postgres rules-coverage fuzz-smoke browser

run:
	go run ./cmd/motamed

fmt-check:
	@bad=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$bad" ]; then echo "gofmt would change:"; echo "$$bad"; exit 1; fi

vet:
	go vet ./...

# openapi.yaml passes Spectral's spectral:oas ruleset and Redocly's
# recommended rules with no error (the pinned linters are in .ci/lint/).
lint-openapi:
	bash .ci/lint-openapi

unit:
	go test -race -count=1 ./...

# The storage conformance suite (db/) and the two-instance tests (cmd/motamed)
# against a real PostgreSQL: .ci/postgres installs one when missing, starts it
# on loopback with a throwaway database and prints its DSN. `unit` ran the
# SQLite half. In CI a missing PostgreSQL fails; elsewhere these tests skip.
postgres:
	@env=$$(bash .ci/postgres) || exit 1; eval "$$env"; \
	if [ -z "$${MOTAMED_TEST_POSTGRES:-}" ]; then echo "postgres: no PostgreSQL: its tests skipped"; exit 0; fi; \
	status=0; \
	go test -race -count=1 -run 'TestConformance/postgres' ./db/ && \
	go test -race -count=1 -run 'Postgres' ./cmd/motamed/ || status=$$?; \
	bash .ci/postgres stop $${MOTAMED_CI_PG_CLUSTER:-}; \
	exit $$status

# The browser test: the real server, headless Chromium (installed by
# .ci/browser-deps when missing); screenshots in artifacts/browser/ or $MOTAMED_ARTIFACTS.
browser:
	bash .ci/browser-deps
	go vet -tags browser ./e2e/
	go test -tags browser -count=1 -timeout 480s ./e2e/

# Every fuzz target, a couple of seconds each.
fuzz-smoke:
	./.ci/fuzz-smoke

# Print each game's catalog coverage (the game packages' TestMain enforces it).
rules-coverage:
	@go test -count=1 -v ./rules/... 2>&1 | grep -E '^coverage:'
