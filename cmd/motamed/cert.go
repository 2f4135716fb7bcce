package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"strings"
	"time"
)

// runCert: motamed cert --host 192.168.1.10[,cafe.lan] writes a
// self-signed certificate and its key for serving TLS on a local network,
// where no public certificate authority can vouch for the address. Each
// device trusts it once (or accepts the browser's warning once).
func runCert(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed cert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	hosts := fs.String("host", "", "comma-separated IP addresses and host names the certificate is for, e.g. 192.168.1.10,motamed.lan (required)")
	certOut := fs.String("cert", "motamed-cert.pem", "the certificate file to write; it must not exist")
	keyOut := fs.String("key", "motamed-key.pem", "the private key file to write (mode 0600); it must not exist")
	days := fs.Int("days", 825, "how many days the certificate is valid")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if strings.TrimSpace(*hosts) == "" {
		return errors.New("cert: --host is required (the server's address on the local network, e.g. 192.168.1.10)")
	}
	if *days < 1 {
		return errors.New("cert: --days must be at least 1")
	}
	certPEM, keyPEM, err := selfSigned(strings.Split(*hosts, ","), time.Now(), time.Duration(*days)*24*time.Hour)
	if err != nil {
		return err
	}
	if err := writeNew(*keyOut, keyPEM, 0o600); err != nil {
		return err
	}
	if err := writeNew(*certOut, certPEM, 0o644); err != nil {
		os.Remove(*keyOut)
		return err
	}
	fmt.Fprintf(stdout, "wrote %s and %s for %s, valid %d days\nserve with: motamed --addr 0.0.0.0:8443 --tls-cert %s --tls-key %s\n",
		*certOut, *keyOut, *hosts, *days, *certOut, *keyOut)
	return nil
}

// selfSigned makes an ECDSA P-256 certificate for hosts (IP addresses go
// into the IP SANs, names into the DNS SANs), valid from now for validity,
// and returns it and its key, PEM-encoded.
func selfSigned(hosts []string, now time.Time, validity time.Duration) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "Motamed", Organization: []string{"Motamed"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(validity),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // so a device can install it as its own authority
	}
	for _, h := range hosts {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	if len(tmpl.IPAddresses)+len(tmpl.DNSNames) == 0 {
		return nil, nil, errors.New("cert: --host names no address")
	}
	tmpl.Subject.CommonName = strings.TrimSpace(hosts[0])
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), nil
}

// writeNew writes a file that must not exist yet.
func writeNew(path string, b []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return fmt.Errorf("cert: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("cert: %w", err)
	}
	return f.Close()
}

// loadTLS reads --tls-cert and --tls-key, so a bad pair fails the start
// rather than the first connection; nil when TLS is off.
func loadTLS(cfg config) (*tls.Config, error) {
	if cfg.tlsCert == "" {
		return nil, nil
	}
	pair, err := tls.LoadX509KeyPair(cfg.tlsCert, cfg.tlsKey)
	if err != nil {
		return nil, fmt.Errorf("tls: %w", err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}, nil
}
