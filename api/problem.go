package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// Problem is an RFC 9457 problem detail.
type Problem struct {
	Type       string             `json:"type"`
	Title      string             `json:"title"`
	Status     int                `json:"status"`
	Detail     string             `json:"detail,omitempty"`
	Instance   string             `json:"instance,omitempty"`
	RequestID  string             `json:"request_id,omitempty"`
	Violations []ViolationDTO     `json:"violations,omitempty"`
	Fields     []rules.FieldError `json:"fields,omitempty"`
	// CurrentVersion is the match's version on a 412.
	CurrentVersion *int64 `json:"current_version,omitempty"`
	// Into is, on a 410, the player a merged player went into.
	Into string `json:"into,omitempty"`
	// Existing are, on a 409 to a new or renamed player, the players whose
	// name folds to the same text.
	Existing []PlayerResponse `json:"existing,omitempty"`
	// Matches are, on a 409 to a merge, the matches both players sat in.
	Matches []string `json:"matches,omitempty"`
	// BreaksAt is, on a refused correction, the seq of the first later
	// event it would make illegal (the rule is in violations).
	BreaksAt *int64 `json:"breaks_at,omitempty"`
	// RefusedAt is, on a match refused with its log, the place in the log
	// (counted from 1) of the first event the rules refused.
	RefusedAt *int `json:"refused_at,omitempty"`
}

// ViolationDTO is one broken rule in the request's language.
type ViolationDTO struct {
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Message string `json:"message"`
	// Section is where the rule stands in the rulebook: the seed's heading as
	// printed (Persian) for fa, the translated heading otherwise.
	Section string `json:"section,omitempty"`
}

// problemKind is one entry of the error vocabulary: its type slug, status
// and title in both languages.
type problemKind struct {
	slug   string
	status int
	title  rules.Text
}

var (
	kindMalformed   = problemKind{"malformed-request", http.StatusBadRequest, rules.T("The request is malformed", "درخواست نادرست است")}
	kindViolation   = problemKind{"rule-violation", http.StatusUnprocessableEntity, rules.T("The rules do not allow this", "قوانین بازی این را اجازه نمی‌دهند")}
	kindNotFound    = problemKind{"not-found", http.StatusNotFound, rules.T("Not found", "پیدا نشد")}
	kindFinished    = problemKind{"match-finished", http.StatusConflict, rules.T("The match is finished", "بازی تمام شده است")}
	kindConflict    = problemKind{"conflict", http.StatusConflict, rules.T("The request conflicts with the current state", "درخواست با وضعیت کنونی سازگار نیست")}
	kindVersion     = problemKind{"version-mismatch", http.StatusPreconditionFailed, rules.T("The match has changed since you read it", "بازی پس از خواندن شما تغییر کرده است")}
	kindKeyReused   = problemKind{"idempotency-key-reused", http.StatusUnprocessableEntity, rules.T("This Idempotency-Key was used with a different request", "این کلید یکتایی پیش‌تر با درخواست دیگری به کار رفته است")}
	kindUnprocessed = problemKind{"unprocessable", http.StatusUnprocessableEntity, rules.T("The request cannot be carried out", "درخواست انجام‌پذیر نیست")}
	kindTooLarge    = problemKind{"body-too-large", http.StatusRequestEntityTooLarge, rules.T("The request body is too large", "بدنهٔ درخواست بیش از حد بزرگ است")}
	kindUnavailable = problemKind{"unavailable", http.StatusServiceUnavailable, rules.T("The server is busy; try again", "کارساز سرش شلوغ است؛ دوباره تلاش کنید")}
	kindTooMany     = problemKind{"too-many-requests", http.StatusTooManyRequests, rules.T("Too many requests", "درخواست‌ها بیش از حد است")}
	kindDuplicate   = problemKind{"duplicate-player", http.StatusConflict, rules.T("A player with this name exists", "بازیکنی با این نام هست")}
	kindLaterBreaks = problemKind{"correction-breaks-later-event", http.StatusUnprocessableEntity, rules.T("The correction makes a later event illegal", "این اصلاح رویداد بعدی را نادرست می‌کند")}
	kindLogRefused  = problemKind{"log-event-refused", http.StatusUnprocessableEntity, rules.T("An event of the match's log is not allowed", "رویدادی از گزارشِ بازی مجاز نیست")}
	kindAbandoned   = problemKind{"match-abandoned", http.StatusConflict, rules.T("The match is abandoned", "بازی کنار گذاشته شده است")}
	kindArchived    = problemKind{"league-archived", http.StatusConflict, rules.T("This league is archived", "این لیگ بایگانی شده است")}
	kindMerged      = problemKind{"player-merged", http.StatusGone, rules.T("This player was merged into another", "این بازیکن با بازیکن دیگری یکی شده است")}
	kindInternal    = problemKind{"internal", http.StatusInternalServerError, rules.T("Something went wrong on our side", "خطایی در سمت کارساز رخ داد")}
)

func (k problemKind) problem(lang, detail string) *Problem {
	return &Problem{Type: "/problems/" + k.slug, Title: k.title.In(lang), Status: k.status, Detail: detail}
}

// problemFor maps any error a handler returns to a problem. It is the one
// place where errors become statuses.
func (s *Server) problemFor(c echo.Context, err error) *Problem {
	lang := langOf(c)
	var (
		inErr    *rules.InputError
		violErr  *rules.ViolationError
		nfErr    *db.NotFoundError
		verErr   *db.VersionError
		confErr  *db.ConflictError
		httpErr  *echo.HTTPError
		problem  *Problem
		accErr   *accessError
		mrgErr   *db.MergedError
		dupErr   *db.DuplicateError
		metErr   *db.MetError
		laterErr *db.LaterEventError
		nifErr   *db.NotInForceError
		logErr   *db.LogEventError
	)
	if errors.Is(err, db.ErrBadPosition) {
		err = errBadCursor()
	}
	if errors.As(err, &laterErr) {
		return s.laterEventProblem(c, laterErr)
	}
	if errors.As(err, &logErr) {
		return s.logEventProblem(c, logErr)
	}
	switch {
	case errors.As(err, &problem):
		return problem
	case errors.Is(err, errUnauthenticated):
		return kindUnauthorized.problem(lang, "This needs a token: send Authorization: Bearer <token>.")
	case errors.As(err, &accErr):
		return kindForbidden.problem(lang, accErr.detail)
	case isUnavailable(err):
		reason, _ := db.Unavailable(err)
		s.outage.report(s.log, reason, err)
		c.Response().Header().Set("Retry-After", "1")
		return kindUnavailable.problem(lang, "The database cannot take this write now ("+reason+"); nothing was changed, retry in a moment.")
	case errors.As(err, &inErr):
		p := kindMalformed.problem(lang, "")
		p.Fields, p.Detail = inErr.In(lang)
		return p
	case errors.As(err, &violErr):
		p := kindViolation.problem(lang, "")
		for _, r := range violErr.Rulings {
			p.Violations = append(p.Violations, s.violation(r, lang))
		}
		p.Detail = p.Violations[0].Message
		return p
	case errors.Is(err, rules.ErrUnknownEvent):
		p := kindMalformed.problem(lang, err.Error())
		p.Fields = []rules.FieldError{{Field: "type", Message: err.Error()}}
		return p
	case errors.Is(err, rules.ErrFinished):
		return kindFinished.problem(lang, "The match is finished; no more events can be recorded. Undo the last event to correct it.")
	case errors.As(err, &nfErr):
		return kindNotFound.problem(lang, fmt.Sprintf("No %s with ID %q.", nfErr.Kind, nfErr.ID))
	case errors.As(err, &mrgErr):
		p := kindMerged.problem(lang, fmt.Sprintf("Player %q was merged into %q: use that ID.", mrgErr.ID, mrgErr.Into))
		p.Into = mrgErr.Into
		c.Response().Header().Set(echo.HeaderLocation, "/v1/players/"+mrgErr.Into)
		return p
	case errors.As(err, &dupErr):
		p := kindDuplicate.problem(lang, fmt.Sprintf("A player named %q exists. Use that player, or send again with allow_duplicate: true for a different person.", dupErr.Existing[0].Name))
		for i := range dupErr.Existing {
			p.Existing = append(p.Existing, playerResponse(&dupErr.Existing[i]))
		}
		return p
	case errors.As(err, &metErr):
		p := kindConflict.problem(lang, "The two players sat in the same match, so they are two people: they cannot be merged.")
		p.Matches = metErr.Matches
		return p
	case errors.Is(err, db.ErrMergeIntoItself):
		p := kindMalformed.problem(lang, "A player cannot be merged into itself.")
		p.Fields = []rules.FieldError{{Field: "into", Message: "must be another player"}}
		return p
	case errors.As(err, &nifErr):
		return kindConflict.problem(lang, fmt.Sprintf("Event %d cannot be corrected: it %s.", nifErr.Seq, nifErr.Reason))
	case errors.Is(err, db.ErrNothingToRedo):
		return kindConflict.problem(lang, "There is no undo to take back: redo follows an undo, before anything else is recorded.")
	case errors.Is(err, db.ErrAbandoned):
		return kindAbandoned.problem(lang, "The match is abandoned: restore it (PATCH its status) before recording or correcting events.")
	case errors.Is(err, db.ErrArchived):
		return kindArchived.problem(lang, "The league is archived and takes no new match; its owner or an admin may unarchive it.")
	case errors.Is(err, db.ErrHasMatches):
		return kindConflict.problem(lang, "The player has played matches and cannot be deleted; merge the record into another instead.")
	case errors.As(err, &verErr):
		p := kindVersion.problem(lang, verErr.Error())
		if verErr.Current >= 0 {
			p.CurrentVersion = &verErr.Current
		}
		return p
	case errors.Is(err, db.ErrKeyReused):
		return kindKeyReused.problem(lang, "Send a new Idempotency-Key for a new request; reuse a key only to retry the identical request.")
	case errors.Is(err, rules.ErrGameExists):
		return kindConflict.problem(lang, "A game with this ID is offered already: choose another id, or make a new version with version_of.")
	case errors.Is(err, db.ErrNothingToUndo):
		return kindConflict.problem(lang, "The match has no event left to undo.")
	case errors.As(err, &confErr):
		return kindUnprocessed.problem(lang, confErr.Reason)
	case errors.As(err, &httpErr):
		return s.httpProblem(httpErr, lang, s.bodyLimitOf(c))
	case errors.Is(err, context.DeadlineExceeded):
		return kindUnavailable.problem(lang, "The request took too long.")
	default:
		s.log.Error("internal error", "err", err, "request_id", requestID(c), "path", c.Path())
		return kindInternal.problem(lang, "")
	}
}

func (s *Server) httpProblem(he *echo.HTTPError, lang, bodyLimit string) *Problem {
	switch he.Code {
	case http.StatusNotFound:
		return kindNotFound.problem(lang, "No such route.")
	case http.StatusRequestEntityTooLarge:
		return kindTooLarge.problem(lang, "The body is larger than the server accepts ("+bodyLimit+").")
	case http.StatusServiceUnavailable:
		return kindUnavailable.problem(lang, "")
	}
	title := http.StatusText(he.Code)
	detail := ""
	if m, ok := he.Message.(string); ok && m != title {
		detail = m
	}
	return &Problem{Type: "about:blank", Title: title, Status: he.Code, Detail: detail}
}

// violation renders a ruling in lang, with the rule's title.
func (s *Server) violation(r rules.Ruling, lang string) ViolationDTO {
	v := ViolationDTO{Rule: r.Rule, Message: r.Message.In(lang)}
	if e, ok := s.rules.byID[r.Rule]; ok {
		v.Title = e.entry.Title.In(lang)
		v.Section = sectionIn(e.entry.Source, lang)
	}
	if lang == "fa" {
		v.Message, v.Title = faProse(v.Message), faProse(v.Title)
	}
	return v
}

// handleError is echo's HTTPErrorHandler: every error leaves as a problem.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	p := s.problemFor(c, err)
	if langOf(c) == "fa" {
		persianProblem(p)
	}
	p.RequestID = requestID(c)
	if p.Instance == "" {
		p.Instance = c.Request().URL.Path
	}
	if p.Status == http.StatusUnauthorized {
		c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="motamed"`)
	}
	if p.Status == http.StatusServiceUnavailable && c.Response().Header().Get("Retry-After") == "" {
		// Every 503 says when to come back (a request cut off by its
		// deadline, the storage failing, echo's own): clients and the
		// table app's queue retry on it rather than give up.
		c.Response().Header().Set("Retry-After", "1")
	}
	c.Response().Header().Set(echo.HeaderContentType, "application/problem+json")
	c.Response().WriteHeader(p.Status)
	if c.Request().Method == http.MethodHead {
		return
	}
	_ = jsonEncode(c.Response(), p)
}

// Error makes *Problem usable as an error.
func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// sectionIn names where a rule stands in the rulebook, in lang.
func sectionIn(src rules.Source, lang string) string {
	if lang == "fa" && src.Section != "" {
		return src.Section
	}
	return src.SectionEN
}

func isUnavailable(err error) bool {
	_, ok := db.Unavailable(err)
	return ok
}

// fieldError is a 400 naming one field.
func fieldError(field, message string) error { return rules.Invalid(field, message) }

// laterEventProblem is the 422 of a correction refused because a later
// event would break: its seq in breaks_at, and why, as the event itself
// would have been answered (the rules it breaks, or its bad fields).
func (s *Server) laterEventProblem(c echo.Context, e *db.LaterEventError) *Problem {
	lang := langOf(c)
	inner := s.problemFor(c, e.Err)
	p := kindLaterBreaks.problem(lang, fmt.Sprintf("Nothing was stored: with this correction, event %d (%s) would no longer be legal: %s", e.Seq, e.Type, inner.Detail))
	if lang == "fa" {
		p.Detail = fmt.Sprintf("چیزی ثبت نشد: با این اصلاح، رویداد %d (%s) دیگر درست نیست: %s", e.Seq, e.Type, inner.Detail)
	}
	seq := e.Seq
	p.BreaksAt = &seq
	p.Violations, p.Fields = inner.Violations, inner.Fields
	return p
}

// logEventProblem is the 422 of a match refused with its log: the place of
// the first event the rules refused in refused_at, and why, as that event
// alone would have been answered. Nothing was stored.
func (s *Server) logEventProblem(c echo.Context, e *db.LogEventError) *Problem {
	lang := langOf(c)
	inner := s.problemFor(c, e.Err)
	p := kindLogRefused.problem(lang, fmt.Sprintf("Nothing was stored: event %d of the log (%s) is not allowed: %s", e.Index, e.Type, inner.Detail))
	if lang == "fa" {
		p.Detail = fmt.Sprintf("چیزی ثبت نشد: رویدادِ %d از گزارش (%s) مجاز نیست: %s", e.Index, e.Type, inner.Detail)
	}
	at := e.Index
	p.RefusedAt = &at
	p.Violations, p.Fields = inner.Violations, inner.Fields
	return p
}
