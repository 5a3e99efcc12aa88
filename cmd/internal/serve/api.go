package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// createRequest is the body of POST /api/games. Absent fields take their
// defaults: K 5, two players (or one per seat), an unbounded board, the
// freestyle rule and human seats.
type createRequest struct {
	K       *int     `json:"k"`
	Players *int     `json:"players"`
	Rows    *int     `json:"rows"`
	Cols    *int     `json:"cols"`
	Rule    *string  `json:"rule"`
	Seats   []string `json:"seats"`
}

// createResponse answers POST /api/games: the new game's id and the token
// of each human seat.
type createResponse struct {
	ID    string      `json:"id"`
	Seats []seatToken `json:"seats"`
}

type seatToken struct {
	Player int    `json:"player"`
	Token  string `json:"token"`
}

// moveRequest is the body of POST /api/games/{id}/moves. Every field is
// required.
type moveRequest struct {
	Row *int `json:"row"`
	Col *int `json:"col"`
	Ply *int `json:"ply"`
}

// summary is a game's state: GET /api/games/{id} answers it with Moves,
// WinLine and Forbidden, the game list without.
type summary struct {
	config
	Moves   json.RawMessage `json:"moves,omitempty"`
	Status  string          `json:"status"`
	Winner  int             `json:"winner"`
	Turn    int             `json:"turn"`
	Ply     int             `json:"ply"`
	WinLine []cell          `json:"win_line,omitempty"`
	// Forbidden are the cells renju forbids to black, when black is to
	// move in an ongoing renju game.
	Forbidden []forbiddenCell `json:"forbidden,omitempty"`
	Thinking  bool            `json:"thinking"`
	Created   time.Time       `json:"created"`
	Updated   time.Time       `json:"updated"`
}

// config is the part of a game's state that never changes.
type config struct {
	ID       string     `json:"id"`
	K        int        `json:"k"`
	Players  int        `json:"players"`
	Rows     int        `json:"rows"`
	Cols     int        `json:"cols"`
	Rule     string     `json:"rule"`
	MaxMoves int        `json:"max_moves"`
	Seats    []seatKind `json:"seats"`
}

type seatKind struct {
	Player int    `json:"player"`
	Kind   string `json:"kind"`
}

type cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// forbiddenCell is a cell renju forbids to black and the foul playing
// it would be: "overline", "double four" or "double three".
type forbiddenCell struct {
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Foul string `json:"foul"`
}

// forbiddenOf lists the cells g forbids to the player to move, in
// row-major order: none unless g is renju and black is to move. Never nil,
// so that it encodes as [].
func forbiddenOf(g *engine.Game) []forbiddenCell {
	out := []forbiddenCell{}
	for c, foul := range g.ForbiddenCells() {
		out = append(out, forbiddenCell{Row: c.Row, Col: c.Col, Foul: foul.String()})
	}
	return out
}

// cellsOf turns the engine's cells into the API's.
func cellsOf(cs []sparse.Cell) []cell {
	out := make([]cell, len(cs))
	for i, c := range cs {
		out[i] = cell{Row: c.Row, Col: c.Col}
	}
	return out
}

// summaryOf describes a game at ply with the given outcome.
func summaryOf(rec store.Game, ply int, status string, winner int, updated time.Time) summary {
	s := summary{
		config: config{ID: rec.ID, K: rec.K, Players: rec.Players, Rows: rec.Rows, Cols: rec.Cols, Rule: rec.Rule, MaxMoves: rec.MaxMoves},
		Status: status, Winner: winner, Ply: ply, Created: rec.Created, Updated: updated,
	}
	s.Seats = make([]seatKind, len(rec.Seats))
	for i, st := range rec.Seats {
		s.Seats[i] = seatKind{Player: i + 1, Kind: st.Kind}
	}
	if status == "ongoing" {
		s.Turn = ply%rec.Players + 1
		s.Thinking = rec.Seats[s.Turn-1].Kind != human
	}
	return s
}

// errorBody is every error's JSON.
type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// httpError is an error with the status to answer it with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) *httpError {
	return &httpError{status: status, msg: fmt.Sprintf(format, args...)}
}

// decode reads a JSON object of at most maxBody bytes into v, a pointer
// to a struct, refusing a body that is not application/json, unknown
// fields, fields named in another case or given twice, and anything after
// the object.
func decode(w http.ResponseWriter, r *http.Request, v any) *httpError {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return errorf(http.StatusUnsupportedMediaType, "the body must be JSON, sent with Content-Type: application/json")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errorf(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", maxBody)
		}
		logOf(r.Context(), slog.New(slog.DiscardHandler)).Warn("reading a request body", "err", err)
		return errorf(http.StatusBadRequest, "the request body could not be read")
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return errorf(http.StatusBadRequest, "malformed JSON: want an object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, "malformed JSON: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errorf(http.StatusBadRequest, "malformed JSON: data after the object")
	}
	if msg := strictKeys(body, reflect.TypeOf(v).Elem()); msg != "" {
		return errorf(http.StatusBadRequest, "malformed JSON: %s", msg)
	}
	return nil
}

// strictKeys explains what encoding/json lets through in body, a valid
// object that decoded into a t: a key given twice (the last would win)
// and a key naming a field of t in another case (it matches
// case-insensitively). It returns "" when there is neither.
func strictKeys(body []byte, t reflect.Type) string {
	fields := make([]string, 0, t.NumField())
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		fields = append(fields, name)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.Token() // the object's '{'
	seen := make(map[string]bool, len(fields))
	for dec.More() {
		tok, _ := dec.Token()
		key, _ := tok.(string)
		switch {
		case seen[key]:
			return fmt.Sprintf("field %q given twice", key)
		case !slices.Contains(fields, key):
			return fmt.Sprintf("unknown field %q (names are lower case: %s)", key, strings.Join(fields, ", "))
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "malformed value"
		}
	}
	return ""
}

// jsonProblem explains a decoding error in the request's terms, without
// the server's type names.
func jsonProblem(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ) && typ.Field != "":
		want := "a " + typ.Type.Kind().String()
		switch typ.Type.Kind() {
		case reflect.Int, reflect.Pointer:
			want = "an integer from -9223372036854775808 to 9223372036854775807"
		case reflect.Slice:
			want = "an array"
		}
		if typ.Type.Kind() == reflect.Pointer && typ.Type.Elem().Kind() == reflect.String || typ.Type.Kind() == reflect.String {
			want = "a string"
		}
		return fmt.Sprintf("field %q: got a JSON %s, want %s", typ.Field, typ.Value, want)
	case errors.As(err, &typ):
		return fmt.Sprintf("got a JSON %s, want an object", typ.Value)
	case errors.As(err, &syn):
		return fmt.Sprintf("%v at byte %d", syn, syn.Offset)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// writeJSON answers with status and v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	writeRaw(w, status, b)
}

// writeRaw answers with status and b, which is already JSON.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte{'\n'})
}

// writeError answers with e's status and message, and the request's id
// when it has one, for the operator to find in the log.
func writeError(w http.ResponseWriter, e *httpError) {
	writeJSON(w, e.status, errorBody{Error: e.msg, RequestID: w.Header().Get(requestIDHeader)})
}
