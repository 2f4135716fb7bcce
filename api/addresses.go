package api

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// ParsePublicURL checks a --public-url: an http or https address with a
// host and nothing after it but an optional path, returned without a
// trailing slash ("" stays "").
func ParsePublicURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", errors.New("--public-url " + raw + ": give the address phones open, such as http://192.168.1.20:8080 or https://scores.example.org")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// Address is one address phones may be sent to.
type Address struct {
	URL string `json:"url"`
	// Loopback is true for an address only this machine reaches
	// (127.0.0.1, ::1, localhost): a code that encodes it works on no phone.
	Loopback bool `json:"loopback"`
}

// AddressesResponse is what GET /v1/addresses answers: the public URL
// when the server was given one, and the addresses it listens on.
type AddressesResponse struct {
	PublicURL string    `json:"public_url,omitempty"`
	Addresses []Address `json:"addresses"`
}

// addresses tells an admin or an owner which addresses table codes may
// encode: --public-url when set, else the server's own.
func (s *Server) addresses(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin && t.Role != db.RoleOwner {
		return forbidden("Only an admin or a league owner may print table codes.")
	}
	out := AddressesResponse{PublicURL: s.cfg.PublicURL, Addresses: []Address{}}
	if s.cfg.PublicURL != "" {
		out.Addresses = append(out.Addresses, Address{URL: s.cfg.PublicURL, Loopback: isLoopbackURL(s.cfg.PublicURL)})
	}
	_, port, err := net.SplitHostPort(c.Request().Host)
	if err != nil {
		port = ""
	}
	for _, ip := range listeningIPs(s.cfg.ListenAddr) {
		host := ip.String()
		if port != "" {
			host = net.JoinHostPort(host, port)
		} else if ip.To4() == nil {
			host = "[" + host + "]"
		}
		u := c.Scheme() + "://" + host
		if u != s.cfg.PublicURL {
			out.Addresses = append(out.Addresses, Address{URL: u, Loopback: ip.IsLoopback()})
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, out)
}

// listeningIPs are the addresses a server listening on addr answers at:
// that one address, or for an unspecified one (":8080", "0.0.0.0:8080")
// every up interface's, the ones other machines reach first.
func listeningIPs(addr string) []net.IP {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
		return []net.IP{ip}
	}
	if host == "localhost" {
		return []net.IP{net.IPv4(127, 0, 0, 1)}
	}
	var ips []net.IP
	ifaces, _ := net.Interfaces()
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.IsLinkLocalUnicast() {
				continue
			}
			ips = append(ips, n.IP)
		}
	}
	sort.SliceStable(ips, func(i, j int) bool {
		rank := func(ip net.IP) int {
			switch {
			case ip.IsLoopback():
				return 2
			case ip.To4() == nil:
				return 1
			}
			return 0
		}
		return rank(ips[i]) < rank(ips[j])
	})
	return ips
}

// isLoopbackURL is true when u's host is this machine only.
func isLoopbackURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := p.Hostname()
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
