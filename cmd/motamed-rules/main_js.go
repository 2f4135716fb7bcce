//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/motamed/motamed/rules/bridge"
)

func main() {
	b := bridge.New()
	obj := js.Global().Get("Object").New()
	for name, call := range calls(b) {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			a := make([]string, len(args))
			for i, v := range args {
				a[i] = v.String()
			}
			return answer(call(a))
		}))
	}
	js.Global().Set("motamedRules", obj)
	if ready := js.Global().Get("motamedRulesReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the page calls in for as long as it is open
}
