package main

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
)

// Every value falls in the bucket whose range holds it, and buckets are
// ordered and contiguous.
func TestBuckets(t *testing.T) {
	prevHi := int64(-1)
	for i := 0; i < 40*subBuckets; i++ {
		lo, hi := bucketRange(i)
		if lo != prevHi+1 || hi < lo {
			t.Fatalf("bucket %d is [%d, %d] after %d", i, lo, hi, prevHi)
		}
		if bucketOf(lo) != i || bucketOf(hi) != i {
			t.Fatalf("bucket %d: bucketOf(%d)=%d bucketOf(%d)=%d", i, lo, bucketOf(lo), hi, bucketOf(hi))
		}
		if lo >= 2*subBuckets && float64(hi-lo+1)/float64(lo) > 1.0/subBuckets+1e-12 {
			t.Fatalf("bucket %d [%d, %d] is wider than 1/%d of its value", i, lo, hi, subBuckets)
		}
		prevHi = hi
	}
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 100000; k++ {
		v := r.Int64N(1 << uint(1+r.IntN(45)))
		lo, hi := bucketRange(bucketOf(v))
		if v < lo || v > hi {
			t.Fatalf("%d in bucket [%d, %d]", v, lo, hi)
		}
	}
}

// The histogram's percentiles are the exact nearest-rank percentiles within
// the bucket precision, for skewed latency-like data.
func TestQuantilesMatchExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 7, 100, 1000, 54321} {
		h := newHistogram()
		vals := make([]time.Duration, n)
		for i := range vals {
			// Mostly around 1-3 ms with a long tail up to a second.
			d := time.Duration(500_000 + r.ExpFloat64()*1_000_000)
			if r.IntN(1000) == 0 {
				d = time.Duration(r.Int64N(int64(time.Second)))
			}
			vals[i] = d
			h.record(d)
		}
		slices.Sort(vals)
		for _, q := range []float64{0.001, 0.5, 0.9, 0.99, 0.999, 1} {
			want := exactQuantile(vals, q)
			got := h.quantile(q)
			if got < want || float64(got-want) > float64(want)/subBuckets+1 {
				t.Errorf("n=%d q=%v: got %v, exact %v", n, q, got, want)
			}
		}
		if time.Duration(h.max) != vals[n-1] || time.Duration(h.min) != vals[0] || h.quantile(1) != vals[n-1] {
			t.Errorf("n=%d: min %v max %v, want %v %v", n, h.min, h.max, vals[0], vals[n-1])
		}
	}
}

func TestExactQuantile(t *testing.T) {
	v := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for q, want := range map[float64]time.Duration{0.5: 5, 0.9: 9, 0.91: 10, 0.99: 10, 0.1: 1, 0.11: 2, 1: 10} {
		if got := exactQuantile(v, q); got != want {
			t.Errorf("q=%v: %v, want %v", q, got, want)
		}
	}
	if exactQuantile(nil, 0.5) != 0 {
		t.Error("empty")
	}
	// p99.9 of 1000 values is the 999th; of 999 values the 999th (the max).
	thousand := make([]time.Duration, 1000)
	for i := range thousand {
		thousand[i] = time.Duration(i + 1)
	}
	if exactQuantile(thousand, 0.999) != 999 || exactQuantile(thousand[:999], 0.999) != 999 {
		t.Error("p99.9")
	}
}

func TestHistogramMergeAndEmpty(t *testing.T) {
	var empty histogram
	if newHistogram().quantile(0.99) != 0 || empty.mean() != 0 {
		t.Error("an empty histogram has no percentiles")
	}
	a, b, all := newHistogram(), newHistogram(), newHistogram()
	for i := 1; i <= 1000; i++ {
		d := time.Duration(i) * time.Microsecond
		if i%3 == 0 {
			a.record(d)
		} else {
			b.record(d)
		}
		all.record(d)
	}
	a.merge(b)
	a.merge(newHistogram())
	for _, q := range []float64{0.5, 0.99, 0.999} {
		if a.quantile(q) != all.quantile(q) {
			t.Errorf("q=%v: merged %v, whole %v", q, a.quantile(q), all.quantile(q))
		}
	}
	if a.n != 1000 || a.mean() != all.mean() || a.max != all.max || a.min != all.min {
		t.Errorf("merged %+v", a)
	}
	h := newHistogram()
	h.record(-5)
	if h.quantile(0.5) != 0 {
		t.Error("a negative duration counts as 0")
	}
}

func TestReadProcMem(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	m, err := readProcMem(os.Getpid())
	if err != nil || m.RSS <= 0 || m.HWM < m.RSS {
		t.Fatalf("%+v %v", m, err)
	}
	s := startSampler(os.Getpid(), time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	s.finish()
	if s.n < 2 || s.peak <= 0 || s.hwm <= 0 || s.err != nil {
		t.Fatalf("sampler %+v", s)
	}
	if _, err := readProcMem(1 << 30); err == nil {
		t.Error("no error for a missing process")
	}
}

// exactQuantile is the nearest-rank quantile of sorted values.
func exactQuantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(q * float64(len(sorted))))
	rank = max(1, min(rank, len(sorted)))
	return sorted[rank-1]
}
