// Package docs is replaced by `swag init`.
package docs
