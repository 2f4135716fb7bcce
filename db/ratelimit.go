package db

import (
	"context"
	"math"
	"time"
)

// The write limits of the instances that share a PostgreSQL database are
// counted in it, so a client has one limit however many instances serve
// it. Each key (a token or a client address) is a GCRA bucket: its row
// holds the theoretical arrival time tat, in microseconds on the
// database's clock (one clock for every instance). A write at now is
// allowed when max(tat, now) + interval - now <= burst * interval, and then
// moves tat there. A row whose tat has passed is a full bucket; such rows
// are deleted now and then.

// Take counts one write of key against perSecond writes a second with
// bursts of burst. It says whether the write is allowed, how long to wait
// when it is not, and how many more writes the bucket holds now.
func (p *Peers) Take(ctx context.Context, key string, perSecond float64, burst int) (ok bool, wait time.Duration, left float64, err error) {
	interval := int64(math.Max(1, 1e6/perSecond))
	window := interval * int64(burst)
	var tat, now int64
	if err := p.store.write.QueryRowContext(ctx, pgTakeWrite, key, interval, window).Scan(&ok, &tat, &now); err != nil {
		return true, 0, 0, err
	}
	ahead := tat - now // how far the bucket is from full, in microseconds
	if !ok {
		wait = time.Duration(ahead+interval-window) * time.Microsecond
	}
	if p.takes.Add(1)%1000 == 0 {
		_, _ = p.store.write.ExecContext(ctx, pgPruneWrites)
	}
	return ok, wait, math.Max(0, float64(window-ahead)/float64(interval)), nil
}

const (
	// pgTakeWrite moves key's tat on by one interval when the window
	// allows it, and returns whether it did, the tat and now.
	pgTakeWrite = `WITH now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1e6)::bigint AS t),
	took AS (
		INSERT INTO write_limits AS w (key, tat) SELECT $1, now.t + $2 FROM now
		ON CONFLICT (key) DO UPDATE SET tat = GREATEST(w.tat, (SELECT t FROM now)) + $2
			WHERE GREATEST(w.tat, (SELECT t FROM now)) + $2 - (SELECT t FROM now) <= $3
		RETURNING tat)
	SELECT EXISTS (SELECT 1 FROM took),
		COALESCE((SELECT tat FROM took), (SELECT tat FROM write_limits WHERE key = $1)),
		(SELECT t FROM now)`
	// pgPruneWrites forgets the buckets that are full again.
	pgPruneWrites = `DELETE FROM write_limits WHERE tat < (extract(epoch FROM clock_timestamp()) * 1e6)::bigint`
)
