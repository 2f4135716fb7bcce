package silver

// A table that records turns may still see a census called by a player
// whose turn the app has not reached: the players in between took their
// turns unrecorded. Turns go clockwise from the start player
// (SILVER-TURN-1) and a census is the caller's whole turn
// (SILVER-CENSUS-2), so every player from the next turn up to the caller
// has had exactly one turn meanwhile; what they did does not bear on the
// census (SILVER-CENSUS-1 counts the caller's village only). census_called
// with implied_turns true says so, and the referee counts those turns as
// taken before checking the call.

// implyTurnsUntil returns the state in which every player from the next
// turn up to caller (clockwise, caller excluded) has taken a turn, and the
// number of turns implied. It changes nothing when the turn order is not
// known (no turn recorded this round), a census is already called (those
// players owe extra turns, SILVER-CENSUS-5) or it is caller's turn.
func (s *State) implyTurnsUntil(caller string) (*State, int) {
	if s.NextTurn == "" || s.Census != nil || s.NextTurn == caller {
		return s, 0
	}
	seats := s.seats()
	next := s.clone()
	k := 0
	for p := s.NextTurn; p != caller && k < len(seats); p = nextSeat(seats, p) {
		k++
	}
	next.TurnsRecorded += k
	next.NextTurn = caller
	return next, k
}
