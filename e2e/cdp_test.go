//go:build browser

package e2e

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol through
// --remote-debugging-pipe: the browser reads NUL-terminated JSON commands
// on its fd 3 and writes answers and events on its fd 4. No WebSocket, no
// library: the standard library only.
type browser struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan cdpMessage
	// problems collects JavaScript exceptions and console errors.
	problems []string
	exited   chan struct{}
}

type cdpMessage struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// chromiumFlags are the flags CI runs Chromium with.
func chromiumFlags(profile string) []string {
	return []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
		"--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--remote-debugging-pipe", "about:blank",
	}
}

func startBrowser(path, profile string, logw io.Writer) (*browser, error) {
	// Our writes go to its fd 3; its fd 4 comes back to us.
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, chromiumFlags(profile)...)
	cmd.ExtraFiles = []*os.File{cmdR, outW}
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	cmdR.Close()
	outW.Close()
	b := &browser{cmd: cmd, in: cmdW, pending: map[int64]chan cdpMessage{}, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(b.exited)
	}()
	go b.read(bufio.NewReader(outR))
	return b, nil
}

func (b *browser) read(r *bufio.Reader) {
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.pending {
				close(ch)
				delete(b.pending, id)
			}
			b.mu.Unlock()
			return
		}
		var m cdpMessage
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.pending[m.ID]
			delete(b.pending, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		b.event(m)
	}
}

// event notes what the page should never do: throw, or log an error.
func (b *browser) event(m cdpMessage) {
	switch m.Method {
	case "Runtime.exceptionThrown":
		var p struct {
			Details struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		_ = json.Unmarshal(m.Params, &p)
		b.problem("exception: " + p.Details.Text + " " + p.Details.Exception.Description)
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		_ = json.Unmarshal(m.Params, &p)
		if p.Type == "error" || p.Type == "assert" {
			var parts []string
			for _, a := range p.Args {
				parts = append(parts, fmt.Sprint(a.Value, a.Description))
			}
			b.problem("console." + p.Type + ": " + strings.Join(parts, " "))
		}
	case "Log.entryAdded":
		var p struct {
			Entry struct {
				Level, Text, URL string
			} `json:"entry"`
		}
		_ = json.Unmarshal(m.Params, &p)
		if p.Entry.Level == "error" {
			b.problem("log: " + p.Entry.Text + " " + p.Entry.URL)
		}
	}
}

func (b *browser) problem(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.problems = append(b.problems, s)
}

func (b *browser) takeProblems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.problems
	b.problems = nil
	return p
}

// call sends one command (to a page when session is set) and waits for
// its answer.
func (b *browser) call(ctx context.Context, session, method string, params any, result any) error {
	if params == nil {
		params = struct{}{}
	}
	rawParams, err := json.Marshal(params)
	if err != nil {
		return err
	}
	ch := make(chan cdpMessage, 1)
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	b.pending[id] = ch
	b.mu.Unlock()
	msg, _ := json.Marshal(cdpMessage{ID: id, SessionID: session, Method: method, Params: rawParams})
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: the browser went away", method)
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

func (b *browser) close() {
	_ = b.call(context.Background(), "", "Browser.close", nil, nil)
	select {
	case <-b.exited:
	case <-time.After(3 * time.Second):
		_ = b.cmd.Process.Kill()
		<-b.exited
	}
	b.in.Close()
}

// page is one tab.
type page struct {
	b       *browser
	session string
}

func (b *browser) newPage(ctx context.Context) (*page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		return nil, err
	}
	p := &page{b: b, session: att.SessionID}
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		if err := p.call(ctx, m, nil, nil); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *page) call(ctx context.Context, method string, params, result any) error {
	return p.b.call(ctx, p.session, method, params, result)
}

// viewport sets the window size (CSS pixels) and whether it is a phone.
func (p *page) viewport(ctx context.Context, w, h int, mobile bool) error {
	return p.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile,
	}, nil)
}

// open navigates and waits until the document has loaded.
func (p *page) open(ctx context.Context, url string) error {
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return errors.New("navigate " + url + ": " + nav.ErrorText)
	}
	return p.waitFor(ctx, within(30*time.Second), `document.readyState === "complete" && location.href === `+jsString(url))
}

// eval runs a JavaScript expression and decodes its value into out.
func (p *page) eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res)
	if err != nil {
		return err
	}
	if res.Exception != nil {
		return fmt.Errorf("%s: %s %s", expr, res.Exception.Text, res.Exception.Exception.Description)
	}
	if out == nil || len(res.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(res.Result.Value, out)
}

// waitFor polls a boolean expression until it is true or timeout passes.
func (p *page) waitFor(ctx context.Context, timeout time.Duration, expr string) error {
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		err := p.eval(ctx, "Boolean("+expr+")", &ok)
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting %v for %s: %w", timeout, expr, err)
			}
			return fmt.Errorf("waited %v for %s", timeout, expr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// screenshot writes a PNG of the whole page (up to 4000 px tall).
func (p *page) screenshot(ctx context.Context, file string) error {
	var lm struct {
		CSSContentSize struct {
			Width, Height float64
		} `json:"cssContentSize"`
		CSSLayoutViewport struct {
			ClientWidth float64 `json:"clientWidth"`
		} `json:"cssLayoutViewport"`
	}
	if err := p.call(ctx, "Page.getLayoutMetrics", nil, &lm); err != nil {
		return err
	}
	h := min(lm.CSSContentSize.Height, 4000)
	var shot struct {
		Data string `json:"data"`
	}
	err := p.call(ctx, "Page.captureScreenshot", map[string]any{
		"format": "png", "captureBeyondViewport": true,
		"clip": map[string]any{"x": 0, "y": 0, "width": lm.CSSLayoutViewport.ClientWidth, "height": h, "scale": 1},
	}, &shot)
	if err != nil {
		return err
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return err
	}
	return os.WriteFile(file, png, 0o644)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
