//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "motamed-rules runs in a browser: build it with GOOS=js GOARCH=wasm (go generate ./cmd/motamed-rules)")
	os.Exit(2)
}
