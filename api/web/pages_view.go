package web

import (
	"encoding/json"
	"math"
	"sort"
	"strings"
)

// The pages render each game's score sheet without knowing the game: a
// round row is a JSON object; its label is its first field of labelKeys
// (else its "category", a score sheet's named row, named by its "c_<id>"
// label), its per-player cells
// the first map of cellKeys keyed by player ID, and the running totals its
// "totals" map, else "levels", else the sum of its "points" (or, on a score
// sheet, its "scores"). The script (assets/common.js) follows the same
// rules, in the same order, for live updates.

var (
	labelKeys = []string{"round", "turn", "number", "hand"}
	cellKeys  = []string{"points", "levels", "dice_left", "strengths", "sums", "gems", "scores"}
	totalKeys = []string{"totals", "levels"}
	sumKeys   = []string{"points", "scores"}
)

type sheetView struct {
	LabelHeader string
	PlayerCells bool   // some row has a per-player map
	SubHeader   string // what the small figures under a cell are, if any
	Details     bool   // some row has details
	Rows        []sheetRow
}

type sheetRow struct {
	Label   string
	Cells   []sheetCell
	Details string
	Voided  bool
	// Older rows are left out on a screen on the wall, which shows the
	// latest ones (its script then shows as many as fit).
	Older bool
}

// screenRounds is how many of the latest rounds a screen on the wall
// shows without its script.
const screenRounds = 6

type sheetCell struct {
	Main string
	Sub  string
	Neg  bool
}

// asRows turns a game's rounds into generic JSON values.
func asRows(rounds any) []any {
	raw, err := json.Marshal(rounds)
	if err != nil {
		return nil
	}
	var rows []any
	if json.Unmarshal(raw, &rows) != nil {
		return nil
	}
	return rows
}

func numberOf(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok
}

// playerMap returns row[key] when it is an object with a number for one or
// more of the players.
func playerMap(row map[string]any, key string, ids []string) (map[string]float64, bool) {
	obj, ok := row[key].(map[string]any)
	if !ok {
		return nil, false
	}
	out := map[string]float64{}
	for _, id := range ids {
		if f, ok := numberOf(obj[id]); ok {
			out[id] = f
		}
	}
	return out, len(out) > 0
}

func buildSheet(rounds any, players []seatBody, labels map[string]string, lang string) sheetView {
	rows := asRows(rounds)
	ids := make([]string, len(players))
	names := map[string]string{}
	for i, p := range players {
		ids[i] = p.ID
		names[p.ID] = p.Name
	}
	v := sheetView{LabelHeader: labels["#"]}
	labelKey := ""
	for _, r := range rows {
		if obj, ok := r.(map[string]any); ok {
			for _, k := range labelKeys {
				if _, ok := numberOf(obj[k]); ok {
					labelKey = k
					break
				}
			}
			break
		}
	}
	if labelKey != "" {
		v.LabelHeader = labels[labelKey]
	}
	for i, r := range rows {
		row := sheetRow{Label: formatNum(lang, float64(i+1), 0)}
		obj, ok := r.(map[string]any)
		if !ok {
			row.Details = scalarText(r, names, lang)
			v.Details = v.Details || row.Details != ""
			v.Rows = append(v.Rows, row)
			continue
		}
		used := map[string]bool{labelKey: true}
		if f, ok := numberOf(obj[labelKey]); ok {
			row.Label = formatNum(lang, f, 0)
		} else if c, ok := obj["category"].(string); ok && labelKey == "" {
			row.Label, used["category"] = c, true
			if l, ok := labels["c_"+c]; ok {
				row.Label = l
			}
		}
		row.Voided, _ = obj["voided"].(bool)
		for _, k := range cellKeys {
			cells, ok := playerMap(obj, k, ids)
			if !ok {
				continue
			}
			used[k] = true
			v.PlayerCells = true
			bids, okB := playerMap(obj, "bids", ids)
			tricks, okT := playerMap(obj, "tricks", ids)
			for _, id := range ids {
				c := sheetCell{}
				if f, ok := cells[id]; ok {
					c.Main, c.Neg = formatNum(lang, f, 0), f < 0
				}
				if okB && okT {
					c.Sub = formatNum(lang, bids[id], 0) + " / " + formatNum(lang, tricks[id], 0)
					v.SubHeader = labels["bid_won"]
				}
				row.Cells = append(row.Cells, c)
			}
			break
		}
		row.Details = detailsText(obj, used, names, labels, lang)
		v.Details = v.Details || row.Details != ""
		v.Rows = append(v.Rows, row)
	}
	if v.PlayerCells {
		for i := range v.Rows {
			for len(v.Rows[i].Cells) < len(ids) {
				v.Rows[i].Cells = append(v.Rows[i].Cells, sheetCell{})
			}
		}
	}
	return v
}

// detailsText lists a row's scalar fields (and lists of players) as
// "key: value", player IDs shown as names.
func detailsText(obj map[string]any, used map[string]bool, names map[string]string, labels map[string]string, lang string) string {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		if !used[k] && k != "voided" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		t := scalarText(obj[k], names, lang)
		if str, ok := obj[k].(string); ok && k == "trump" {
			t = trumpText(labels, str)
		} else if ok && k == "trump_card" {
			t = cardText(labels, lang, str)
		} else if l, known := labels["v_"+k+"_"+str]; ok && known {
			t = l
		}
		if t != "" {
			parts = append(parts, keyLabel(labels, k)+": "+t)
		}
	}
	return strings.Join(parts, " · ")
}

func scalarText(v any, names map[string]string, lang string) string {
	switch x := v.(type) {
	case string:
		if n, ok := names[x]; ok {
			return n
		}
		return x
	case float64:
		return formatNum(lang, x, -1)
	case bool:
		if x {
			return "✓"
		}
	case []any:
		var out []string
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return ""
			}
			if n, ok := names[s]; ok {
				s = n
			}
			out = append(out, s)
		}
		return strings.Join(out, ", ")
	}
	return ""
}

// runningTotals returns, per player in seat order, the total after each
// round, starting from where the game starts (0, or level 1 when the rows
// carry levels), and whether they are levels; nil when the rounds do not
// say.
func runningTotals(rounds any, ids []string) ([][]float64, bool) {
	rows := asRows(rounds)
	if len(rows) == 0 {
		return nil, false
	}
	levels := false
	if first, ok := rows[0].(map[string]any); ok {
		_, levels = playerMap(first, "levels", ids)
	}
	start := 0.0
	if levels {
		start = 1 // every player starts at level 1
	}
	series := make([][]float64, len(ids))
	sum := make([]float64, len(ids))
	for i := range ids {
		series[i] = []float64{start}
	}
	for _, r := range rows {
		obj, ok := r.(map[string]any)
		if !ok {
			return nil, false
		}
		var m map[string]float64
		for _, k := range totalKeys {
			if mm, ok := playerMap(obj, k, ids); ok && len(mm) == len(ids) {
				m = mm
				break
			}
		}
		if m == nil {
			var pts map[string]float64
			for _, k := range sumKeys {
				if pts, ok = playerMap(obj, k, ids); ok {
					break
				}
			}
			if !ok {
				return nil, false
			}
			m = map[string]float64{}
			for i, id := range ids {
				sum[i] += pts[id]
				m[id] = sum[i]
			}
		}
		for i, id := range ids {
			sum[i] = m[id]
			series[i] = append(series[i], m[id])
		}
	}
	return series, levels
}

// chartView is an SVG chart: lines (one per series) or bars.
type chartView struct {
	W, H float64
	// LabelX and LabelY place the y labels' right edge and the x labels'
	// baseline.
	LabelX, LabelY float64
	Lines          []chartLine
	Bars           []chartBar
	Grid           []chartTick
	XTicks         []chartTick
	Empty          bool
	Left           float64
	Right          float64
	Zero           float64
}

type chartLine struct {
	Class  string
	Points string
	X, Y   float64 // the last point
	Label  string
}

type chartBar struct {
	Class      string
	X, Y, W, H float64
	Label      string
	LX, LY     float64
}

type chartTick struct {
	Pos   float64
	Label string
}

const (
	chartW, chartH                     = 640.0, 300.0
	padLeft, padRight, padTop, padBott = 64.0, 16.0, 14.0, 34.0
)

func newChart() chartView {
	return chartView{W: chartW, H: chartH, Left: padLeft, Right: chartW - padRight, LabelX: padLeft - 6, LabelY: chartH - 8}
}

// niceScale picks round bounds and a round step for lo..hi.
func niceScale(lo, hi float64) (float64, float64, float64) {
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if hi-lo < 1e-9 {
		hi = lo + 10
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if raw <= m*mag {
			step = m * mag
			break
		}
	}
	return math.Floor(lo/step) * step, math.Ceil(hi/step) * step, step
}

// lineChart plots series (per line, values at x = 0, 1, 2...) with x labels
// from xLabel(i); classes name each line's color.
func lineChart(series [][]float64, classes []string, labels []string, lang string, xs [][]float64) chartView {
	v := newChart()
	lo, hi, n := math.Inf(1), math.Inf(-1), 0.0
	for k, s := range series {
		for i, y := range s {
			lo, hi = math.Min(lo, y), math.Max(hi, y)
			x := float64(i)
			if xs != nil {
				x = xs[k][i]
			}
			n = math.Max(n, x)
		}
	}
	if math.IsInf(lo, 0) {
		v.Empty = true
		return v
	}
	lo, hi, step := niceScale(lo, hi)
	n = math.Max(n, 1)
	px := func(x float64) float64 { return round1(padLeft + x*(chartW-padLeft-padRight)/n) }
	py := func(y float64) float64 { return round1(padTop + (hi-y)*(chartH-padTop-padBott)/(hi-lo)) }
	for y := lo; y <= hi+step/2; y += step {
		v.Grid = append(v.Grid, chartTick{Pos: py(y), Label: formatNum(lang, y, decimalsOf(step))})
	}
	v.Zero = py(0)
	every := math.Max(1, math.Ceil(n/10))
	for x := 0.0; x <= n; x += every {
		v.XTicks = append(v.XTicks, chartTick{Pos: px(x), Label: formatNum(lang, x, 0)})
	}
	for k, s := range series {
		if len(s) == 0 {
			continue
		}
		var b strings.Builder
		var lx, ly float64
		for i, y := range s {
			x := float64(i)
			if xs != nil {
				x = xs[k][i]
			}
			lx, ly = px(x), py(y)
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(formatNum("en", lx, -1) + "," + formatNum("en", ly, -1))
		}
		v.Lines = append(v.Lines, chartLine{Class: classes[k], Points: b.String(), X: lx, Y: ly, Label: labels[k]})
	}
	return v
}

// barChart shows one bar per player when the rounds give no running totals.
func barChart(values []float64, classes, labels []string, lang string) chartView {
	v := newChart()
	if len(values) == 0 {
		v.Empty = true
		return v
	}
	lo, hi := 0.0, 0.0
	for _, y := range values {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	lo, hi, step := niceScale(lo, hi)
	py := func(y float64) float64 { return round1(padTop + (hi-y)*(chartH-padTop-padBott)/(hi-lo)) }
	for y := lo; y <= hi+step/2; y += step {
		v.Grid = append(v.Grid, chartTick{Pos: py(y), Label: formatNum(lang, y, decimalsOf(step))})
	}
	v.Zero = py(0)
	slot := (chartW - padLeft - padRight) / float64(len(values))
	for i, y := range values {
		top, bottom := py(math.Max(y, 0)), py(math.Min(y, 0))
		x := round1(padLeft + float64(i)*slot + slot*0.2)
		v.Bars = append(v.Bars, chartBar{Class: classes[i], X: x, W: round1(slot * 0.6), Y: top, H: math.Max(round1(bottom-top), 1),
			Label: labels[i], LX: round1(x + slot*0.3), LY: round1(top - 4)})
	}
	return v
}

// decimalsOf is how many decimals show a multiple of step exactly.
func decimalsOf(step float64) int {
	for d := 0; d < 6; d++ {
		f := step * math.Pow(10, float64(d))
		if math.Abs(f-math.Round(f)) < 1e-9 {
			return d
		}
	}
	return 6
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }
