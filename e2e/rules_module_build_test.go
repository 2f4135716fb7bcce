//go:build browser

package e2e

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestRulesModuleIsTheBuildOfTheSources: the rules module the server
// embeds is what `go generate ./cmd/motamed-rules` builds from the sources
// checked out, with this Go toolchain (the build is reproducible), and the
// wasm_exec.js beside it is the toolchain's. It runs in the browser stage,
// since building the module takes a minute or two.
func TestRulesModuleIsTheBuildOfTheSources(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(here))
	out := filepath.Join(t.TempDir(), "rules.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, "./cmd/motamed-rules")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, b)
	}
	built, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(root, "api/web/assets/rules.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(built, committed) {
		t.Fatalf("api/web/assets/rules.wasm.gz is not the build of the rules as they are (%d bytes built, %d committed): run go generate ./cmd/motamed-rules", len(built), len(committed))
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(string(bytes.TrimSpace(goroot)), "lib/wasm/wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "api/web/assets/wasm_exec.js")); !bytes.Equal(got, want) {
		t.Fatal("api/web/assets/wasm_exec.js is not this toolchain's: run go generate ./cmd/motamed-rules")
	}
}
