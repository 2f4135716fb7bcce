// Command motamed-ceiling is the bare server the speed targets are set
// against: echo and modernc SQLite, nothing else. It stores each event it is
// sent in a log like Motamed's (a rowid table with a (match_id, seq) key),
// through one writer goroutine that commits whatever queued up in one
// transaction (group commit) at synchronous=FULL, and answers 201 with the
// event's seq once its batch is durable. It checks no rule, keeps no state
// and scores nothing.
//
// Its figures on the same machine, in the same minutes, are the ceiling
// Motamed is measured against: the machine's speed moves from hour to hour,
// and a ratio to this server does not.
//
//	go -C bench build -o /tmp/ceiling ./motamed-ceiling
//	go -C bench run ./motamed-load --spawn /tmp/ceiling --scenario ceiling --tables 64 --duration 20s
//
// It is a measuring instrument, not part of the product: see
// docs/performance.md and docs/load-testing.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "motamed-ceiling:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("motamed-ceiling", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address")
	path := fs.String("db", "ceiling.db", "SQLite database file (created when missing)")
	sync := fs.String("synchronous", "FULL", "SQLite synchronous setting: FULL or NORMAL")
	commit := fs.String("commit", "group", "group: one writer commits queued events together; each: one transaction per request")
	answerBytes := fs.Int("answer-bytes", 0, "pad every event's answer to about this many bytes (e.g. 9000, a match's size in Motamed's full answers); 0: the 37-byte answer")
	fs.String("log-level", "warn", "accepted for motamed-load --spawn; the server logs only failures")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *sync != "FULL" && *sync != "NORMAL" {
		return fmt.Errorf("--synchronous %q: use FULL or NORMAL", *sync)
	}
	if *answerBytes < 0 || *answerBytes > 1<<20 {
		return fmt.Errorf("--answer-bytes %d: use 0 to 1048576", *answerBytes)
	}
	if *commit != "group" && *commit != "each" {
		return fmt.Errorf("--commit %q: use group or each", *commit)
	}
	st, err := openStore(*path, *sync, *commit == "group")
	if err != nil {
		return err
	}
	defer st.close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Addr: *addr, Handler: newEcho(st, *answerBytes), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		slog.Error("shutdown", "err", err)
	}
	return nil
}
