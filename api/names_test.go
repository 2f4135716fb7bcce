package api

import "testing"

// Names that show nothing, or that reorder the text around them, are
// refused with a problem naming the field, and nothing is stored or
// renamed.
func TestNamesMustShowAndNotReorder(t *testing.T) {
	s := newTestServer(t)
	sara := s.player(t, "Sara")
	bad := map[string]string{
		"ZWNJ only":              "\u200c",
		"ZWNJ and ZWJ":           "\u200c\u200d \u200c",
		"format characters only": "\u2060\ufeff\u00ad",
		"right-to-left override": "\u202eSara",
		"isolate":                "\u2067علی\u2069",
	}
	for name, n := range bad {
		t.Run(name, func(t *testing.T) {
			for _, r := range []response{
				s.do("POST", "/v1/players", map[string]any{"name": n}),
				s.do("PATCH", "/v1/players/"+sara, map[string]any{"name": n}),
				s.do("POST", "/v1/leagues", map[string]any{"name": n, "game": "counter"}),
			} {
				p := r.json(t)
				fs, _ := p["fields"].([]any)
				if r.status != 400 || len(fs) != 1 || fs[0].(map[string]any)["field"] != "name" {
					t.Fatalf("%d %v, want 400 on name", r.status, p)
				}
			}
		})
	}
	if n := s.count(t, "players"); n != 1 {
		t.Fatalf("%d players stored", n)
	}
	if n := s.count(t, "leagues"); n != 0 {
		t.Fatalf("%d leagues stored", n)
	}
	if got := s.must(t, 200, "GET", "/v1/players/"+sara, nil)["name"]; got != "Sara" {
		t.Fatalf("renamed to %q", got)
	}
}

// A name typed in Arabic presentation forms, or with heh goal or heh with
// yeh above, is the same name as the plain letters: search finds it and a
// second player of that name is the duplicate it is.
func TestPresentationFormsFoldToTheirLetters(t *testing.T) {
	s := newTestServer(t)
	sara := s.player(t, "\ufeb3\ufe8e\ufead\ufe8d") // سارا in presentation forms
	hadi := s.player(t, "ہادی")                     // heh goal
	for name, want := range map[string]string{"سارا": sara, "هادی": hadi} {
		p := s.must(t, 409, "POST", "/v1/players", map[string]any{"name": name})
		if ex := p["existing"].([]any); len(ex) != 1 || ex[0].(map[string]any)["id"] != want {
			t.Fatalf("%q: %v", name, p)
		}
		list := s.must(t, 200, "GET", "/v1/players?q="+name, nil)["items"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["id"] != want {
			t.Fatalf("search %q: %v", name, list)
		}
	}
	home := s.player(t, "خانۀ ما")
	if list := s.must(t, 200, "GET", "/v1/players?q=خانه", nil)["items"].([]any); len(list) != 1 || list[0].(map[string]any)["id"] != home {
		t.Fatalf("search خانه: %v", list)
	}
}
