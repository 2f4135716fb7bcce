// Package e2e holds the browser test: the real server binary on a fresh
// database, headless Chromium from Debian's packages driven over the
// DevTools protocol, a Wizard match recorded through the API while its
// scoreboard is open. It is built only with the "browser" tag:
//
//	.ci/browser-deps && go test -tags browser ./e2e/
//
// (make test runs it). Screenshots go to $MOTAMED_ARTIFACTS, by default
// artifacts/browser/ at the repository's root.
//
// Every wait is on a condition, with a deadline; $MOTAMED_TEST_SLOW (a
// number, default 1) multiplies every deadline, for a machine busier or
// slower than usual (MOTAMED_TEST_SLOW=3 triples them). The table app says
// when it is at rest (<body data-ready="true">: no request in flight, every
// answer shown) and when its match screen follows the stream (<body
// data-stream="open">); the tests tap and type only at rest. Offline is
// Chromium's network emulation, confirmed by a request from the page that
// fails; when it does not take, the page's requests to the API are failed
// through the DevTools Fetch domain instead.
package e2e
