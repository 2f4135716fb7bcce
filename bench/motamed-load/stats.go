package main

import (
	"math"
	"math/bits"
	"time"
)

// histogram records durations in log-linear buckets: values below 256 ns
// exactly, larger ones in 128 sub-buckets per power of two, so a percentile
// is off by less than 1/128 (0.8%) of its value. Min, max, count and sum are
// exact. It is not safe for concurrent use: each table has its own and they
// are merged at the end.
type histogram struct {
	counts   []int64
	n        int64
	sum      int64
	min, max int64
}

const (
	subBits    = 7
	subBuckets = 1 << subBits // 128
)

func newHistogram() *histogram { return &histogram{min: math.MaxInt64} }

// bucketOf is the bucket of v >= 0.
func bucketOf(v int64) int {
	if v < 2*subBuckets {
		return int(v)
	}
	shift := bits.Len64(uint64(v)) - 1 - subBits // v>>shift is in [128, 256)
	return (shift+1)*subBuckets + int(v>>uint(shift)) - subBuckets
}

// bucketRange is the smallest and largest value of bucket i.
func bucketRange(i int) (lo, hi int64) {
	if i < 2*subBuckets {
		return int64(i), int64(i)
	}
	shift := i/subBuckets - 1
	m := int64(i%subBuckets + subBuckets)
	return m << uint(shift), (m+1)<<uint(shift) - 1
}

func (h *histogram) record(d time.Duration) {
	v := int64(d)
	if v < 0 {
		v = 0
	}
	b := bucketOf(v)
	if b >= len(h.counts) {
		grown := make([]int64, b+1+subBuckets)
		copy(grown, h.counts)
		h.counts = grown
	}
	h.counts[b]++
	h.n++
	h.sum += v
	h.min = min(h.min, v)
	h.max = max(h.max, v)
}

func (h *histogram) merge(o *histogram) {
	if o.n == 0 {
		return
	}
	if len(o.counts) > len(h.counts) {
		grown := make([]int64, len(o.counts))
		copy(grown, h.counts)
		h.counts = grown
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.n += o.n
	h.sum += o.sum
	h.min = min(h.min, o.min)
	h.max = max(h.max, o.max)
}

// quantile returns the value at quantile q (0 < q <= 1) by the nearest-rank
// method: the smallest recorded value with at least q of all values at or
// below it, within the bucket precision (the bucket's upper bound, never
// above the maximum).
func (h *histogram) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(h.n)))
	rank = max(1, min(rank, h.n))
	var seen int64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			_, hi := bucketRange(i)
			return time.Duration(max(min(hi, h.max), h.min))
		}
	}
	return time.Duration(h.max)
}

func (h *histogram) mean() time.Duration {
	if h.n == 0 {
		return 0
	}
	return time.Duration(h.sum / h.n)
}
