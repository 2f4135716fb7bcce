// Package motamed holds what belongs to the module as a whole: the
// checked-in OpenAPI contract, embedded so the server can serve it.
package motamed

import _ "embed"

// OpenAPI is openapi.yaml, the public HTTP contract.
//
//go:embed openapi.yaml
var OpenAPI []byte
