package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

// A server on an SQLite file, a game created and a move played through the
// HTTP API.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "gomoku-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "games.db"))
	if err != nil {
		panic(err)
	}
	defer st.Close()
	srv, err := serve.New(context.Background(), st)
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	web := httptest.NewServer(srv)
	defer web.Close()

	resp, _ := http.Post(web.URL+"/api/games", "application/json", strings.NewReader(`{"k":3,"rows":3,"cols":3}`))
	var game struct {
		ID    string
		Seats []struct {
			Player int
			Token  string
		}
	}
	json.NewDecoder(resp.Body).Decode(&game)
	resp.Body.Close()
	fmt.Println(resp.Status, len(game.Seats), "tokens")

	req, _ := http.NewRequest("POST", web.URL+"/api/games/"+game.ID+"/moves", strings.NewReader(`{"row":1,"col":1,"ply":0}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+game.Seats[0].Token)
	resp, _ = http.DefaultClient.Do(req)
	var state struct {
		Status string
		Turn   int
		Ply    int
		Moves  []struct{ Row, Col, Player int }
	}
	json.NewDecoder(resp.Body).Decode(&state)
	resp.Body.Close()
	fmt.Println(resp.Status, state.Status, "ply", state.Ply, "turn", state.Turn, state.Moves)
	// Output:
	// 201 Created 2 tokens
	// 200 OK ongoing ply 1 turn 2 [{1 1 1}]
}
