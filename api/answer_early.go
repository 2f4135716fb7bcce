package api

import (
	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// earlyAnswer is the body of an append's answer, written while the event's
// batch commits (db.AppendOptions.WhileQueued) instead of after it. Every
// table's request waits for that commit's fsync, so the CPU work of the
// answer (encoding the match's new version, above all) then fills time the
// machine would otherwise wait. The body is sent only once Append has
// returned the very answer it was written for; an append that fails sends
// and keeps nothing of it.
type earlyAnswer struct {
	res *db.Appended  // the answer the body was written for
	enc *encodedMatch // the new version's encoding, for the encode cache (full answers)
	buf *[]byte       // the body, in a buffer from answerBuffers
}

// answerWhileQueued sets opt.WhileQueued to write the answer c asks for
// (the whole match, or the minimal answer), and returns where it goes.
func (s *Server) answerWhileQueued(c echo.Context, opt *db.AppendOptions) *earlyAnswer {
	a := &earlyAnswer{}
	lang, minimal := langOf(c), prefersMinimal(c)
	opt.WhileQueued = func(res *db.Appended) {
		bp := answerBuffers.Get().(*[]byte)
		if minimal {
			*bp = s.appendMinimal((*bp)[:0], res, lang)
		} else {
			e, err := s.encoded.prepare(res.Match)
			if err != nil { // answered after the commit, the usual way
				putAnswerBuffer(bp)
				return
			}
			a.enc = e
			*bp = s.appendAppendedFrom((*bp)[:0], res, e, lang)
		}
		a.res, a.buf = res, bp
	}
	return a
}

// settle is called once Append has returned res: the new version's
// encoding joins the encode cache, where reads and the live scoreboard
// find it.
func (a *earlyAnswer) settle(s *Server, res *db.Appended) {
	if a.enc != nil && a.res == res {
		s.encoded.keep(res.Match.ID, a.enc)
	}
}

// take returns the body written for res, which the caller sends and gives
// back to answerBuffers; nil when there is none (a retry answered from its
// Idempotency-Key, or an encoding that failed).
func (a *earlyAnswer) take(res *db.Appended) *[]byte {
	if a == nil || a.buf == nil || a.res != res {
		return nil
	}
	bp := a.buf
	a.buf = nil
	return bp
}

// release gives back a body that will not be sent: the append failed.
func (a *earlyAnswer) release() {
	if a.buf != nil {
		putAnswerBuffer(a.buf)
		a.buf = nil
	}
}
