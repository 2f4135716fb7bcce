//go:build browser

package e2e

import "testing"

// A league's owner archives the league from the desk at phone size, after
// a confirmation that cancelling leaves unanswered: the league then takes
// no new match; in Persian, the owner puts it back in use.
func TestDeskArchivesALeague(t *testing.T) {
	b, c := appServer(t)
	league := c.do("POST", "/v1/leagues", map[string]any{"name": "Cafe Night", "game": "wizard"}, 201)["id"].(string)
	ownerToken := c.do("POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": league, "label": "owner"}, 201)["token"].(string)
	archived := func() bool {
		return c.do("GET", "/v1/leagues/"+league, nil, 200)["archived"].(bool)
	}

	owner := b.tab("owner phone")
	owner.open(c.base + "/#token=" + ownerToken)
	owner.waitText("#who", "Owner of Cafe Night")
	owner.click("#open-desk")
	owner.waitText("#dk-league-card", "Cafe Night")

	// Asked first; cancelling changes nothing.
	owner.click("#dk-archive-ask")
	owner.waitText("#dk-archive-q", "Archive Cafe Night?")
	owner.axe("desk archive confirmation")
	owner.shot("desk-archive-confirm")
	owner.click("#dk-archive-cancel")
	waitFor(owner, `!document.querySelector('#dk-archive-q').offsetParent`)
	if archived() {
		t.Fatal("cancelling archived the league")
	}

	owner.click("#dk-archive-ask")
	owner.click("#dk-archive-do")
	owner.waitText("#dk-msg", "Cafe Night is archived.")
	owner.waitText("#dk-archived-note", "takes no new match")
	if !archived() {
		t.Fatal("the league is not archived")
	}
	if p := c.do("POST", "/v1/matches", map[string]any{"game": "wizard", "league_id": league, "players": threePlayers(c)}, 409); p["type"] != "/problems/league-archived" {
		t.Errorf("a match in the archived league: %v", p)
	}
	for _, l := range c.do("GET", "/v1/leagues", nil, 200)["items"].([]any) {
		if l.(map[string]any)["id"] == league {
			t.Error("the archived league is still in the league list")
		}
	}
	owner.shot("desk-archived")

	persianScreen(owner, "desk-archived", "#dk-archived-note", "بایگانی‌شده")
	owner.click("#dk-unarchive")
	owner.waitText("#dk-msg", "دوباره به کار افتاد")
	waitFor(owner, `!!document.querySelector('#dk-archive-ask').offsetParent`)
	if archived() {
		t.Fatal("the league is still archived")
	}
	owner.axe("desk league in Persian")
	c.do("POST", "/v1/matches", map[string]any{"game": "wizard", "league_id": league, "players": threePlayers(c)}, 201)
	b.clean()
}

// threePlayers adds three players through the API and returns their IDs.
func threePlayers(c *client) []any {
	var ids []any
	for _, n := range []string{"Sara", "Reza", "Kian"} {
		ids = append(ids, c.do("POST", "/v1/players", map[string]any{"name": n, "allow_duplicate": true}, 201)["id"])
	}
	return ids
}
