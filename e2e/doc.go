// Package e2e holds the browser test: the real server binary on a fresh
// database, headless Chromium from Debian's packages driven over the
// DevTools protocol, a Wizard match recorded through the API while its
// scoreboard is open. It is built only with the "browser" tag:
//
//	.ci/browser-deps && go test -tags browser ./e2e/
//
// (make test runs it). Screenshots go to $MOTAMED_ARTIFACTS, by default
// artifacts/browser/ at the repository's root.
package e2e
