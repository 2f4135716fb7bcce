package api

import (
	"net"

	"github.com/labstack/echo/v4"
)

// clientAddress is how the server tells one client from another for the
// per-address limits (writes, streams) and the access log. It is the
// connection's peer address, which a client cannot choose. Only a request
// whose peer is one of the trusted proxies (--trusted-proxies) is taken at
// its X-Forwarded-For: the address is then the rightmost one in that header
// that is not itself a trusted proxy. Loopback, link-local and private
// addresses are trusted only when a configured range holds them, so a
// device on the café's network cannot name another one by sending the
// header. X-Real-IP is never read.
func clientAddress(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, r := range trusted {
		opts = append(opts, echo.TrustIPRange(r))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}
