package api

import (
	"strings"
	"testing"
)

// Every body is read strictly: a name in another case, a name given twice,
// bytes that are not UTF-8 and unknown members are 400s naming the field,
// in English and in Persian, and store nothing.
func TestBodiesAreReadStrictly(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, "")
	events := "/v1/matches/" + id + "/events"
	cases := []struct {
		path, body, field, en, fa string
	}{
		{events, `{"type":"add","data":{"PLAYER":"` + p[0] + `","n":1}}`, "data.PLAYER", "is not a known field", "شناخته‌شده"},
		{events, `{"type":"add","data":{"player":"` + p[0] + `","Delta":1}}`, "data.Delta", "is not a known field", "شناخته‌شده"},
		{events, `{"TYPE":"add","data":{"player":"` + p[0] + `","n":1}}`, "TYPE", "is not a known field", "شناخته‌شده"},
		{events, `{"type":"add","type":"add","data":{"player":"` + p[0] + `","n":1}}`, "type", "appears twice", "دو بار"},
		{events, `{"type":"add","data":{"player":"` + p[0] + `","n":1,"n":2}}`, "data.n", "appears twice", "دو بار"},
		{events, "{\"type\":\"add\",\"data\":{\"player\":\"\xff\",\"n\":1}}", "data.player", "UTF-8", "UTF-8"},
		{events, `{"type":"add","data":{"player":"` + p[0] + `","n":"1"}}`, "data.n", "must be a whole number, not text", "عدد صحیح"},
		{"/v1/players", `{"name":"Sara","NAME":"Sara"}`, "NAME", "is not a known field", "شناخته‌شده"},
		{"/v1/players", `{"name":"Sara","name":"Sara"}`, "name", "appears twice", "دو بار"},
		{"/v1/players", `{"name":""}`, "name", "is required", "لازم"},
		{"/v1/referee/counter/sum", `{"Players":[]}`, "Players", "is not a known field", "شناخته‌شده"},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "fa"} {
			r := s.do("POST", c.path, c.body, "Accept-Language", lang)
			if r.status != 400 {
				t.Errorf("%s %s: status %d: %s", c.path, c.body, r.status, r.body)
				continue
			}
			fields, _ := r.json(t)["fields"].([]any)
			want := map[string]string{"en": c.en, "fa": c.fa}[lang]
			if len(fields) != 1 || fields[0].(map[string]any)["field"] != c.field || !strings.Contains(fields[0].(map[string]any)["message"].(string), want) {
				t.Errorf("%s %s (%s): fields %v, want %s %q", c.path, c.body, lang, fields, c.field, want)
			}
		}
	}
	if n := s.count(t, "events"); n != 0 {
		t.Fatalf("%d events stored", n)
	}
	if n := s.count(t, "players"); n != 2 {
		t.Fatalf("%d players, want the match's 2", n)
	}
}
