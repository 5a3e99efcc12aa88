package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
	"github.com/gomoku-engine/gomoku/cmd/internal/pbraincmd"
)

var update = flag.Bool("update", false, "rewrite the READMEs' transcripts with what the commands print now")

// frontDoorLines is the most the top-level README may hold: the details
// live in the folder READMEs next to their code.
const frontDoorLines = 600

func TestReadmeIsAFrontDoor(t *testing.T) {
	for _, f := range readmes(t) {
		if f.path == "README.md" {
			assert.LessOrEqual(t, len(f.lines), frontDoorLines, "README.md has %d lines", len(f.lines))
			return
		}
	}
	t.Fatal("no README.md at the module's root")
}

// TestReadmeBlocksSayWhatTheyAre checks that every fenced block is
// classified: a transcript is run by TestReadmeTranscripts, compared with a
// file, or marked as an illustration.
func TestReadmeBlocksSayWhatTheyAre(t *testing.T) {
	known := []string{"console", "text", "sh", "go", "json", "promql", "ini", "nginx", "diagram"}
	for _, f := range readmes(t) {
		for _, b := range f.blocks {
			where := fmt.Sprintf("%s:%d", f.path, b.start)
			if !assert.Contains(t, known, b.lang, "%s: a block's info string says what it is: one of %v", where, known) {
				continue
			}
			if b.lang == "text" && b.attrs["from"] == "" {
				assert.True(t, b.illustration(), "%s: a text block comes from a file (from=PATH) or the paragraph before it says it is an illustration", where)
			}
			if b.lang != "console" && b.lang != "text" {
				for _, l := range b.lines {
					assert.False(t, strings.HasPrefix(l, "$ "), "%s: a transcript goes in a console block: %q", where, l)
				}
			}
		}
	}
}

// TestReadmeFlagsExist checks that every gomoku and pbrain-gomoku command
// named in a README, in a code block or a code span, exists with every
// flag given to it, by looking them up in the program the commands build.
// A flag in a code span of its own must belong to some command.
func TestReadmeFlagsExist(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	brain := pbraincmd.App(strings.NewReader(""), io.Discard, io.Discard)
	anyFlag := map[string]bool{"help": true, "h": true}
	for _, cmd := range append(slices.Clone(app.Commands), &cli.Command{Flags: brain.Flags}) {
		for _, fl := range cmd.Flags {
			for _, name := range fl.Names() {
				anyFlag[name] = true
			}
		}
	}
	checked := 0
	for _, f := range readmes(t) {
		check := func(line int, cmdLine string, span bool) {
			where := fmt.Sprintf("%s:%d", f.path, line+1)
			for _, inv := range invocations(shellWords(cmdLine)) {
				checked++
				if err := inv.check(app, brain); err != nil {
					t.Errorf("%s: %s: %v", where, strings.Join(inv.words, " "), err)
				}
			}
			if !span || !strings.HasPrefix(cmdLine, "--") {
				return
			}
			for _, w := range shellWords(cmdLine) {
				if name, ok := strings.CutPrefix(strings.Trim(w, "[]"), "--"); ok && name != "" {
					name, _, _ = strings.Cut(name, "=")
					assert.True(t, anyFlag[name], "%s: --%s is no flag of gomoku's commands", where, name)
				}
			}
		}
		for _, b := range f.blocks {
			if b.lang != "sh" && b.lang != "console" && b.lang != "text" {
				continue
			}
			for i, l := range b.commandLines() {
				check(b.start+i, l, false)
			}
		}
		for _, s := range f.inlineCode() {
			check(s.line, s.text, true)
		}
	}
	assert.Greater(t, checked, 20, "the READMEs name gomoku's commands")
}

// invocation is one run of gomoku or pbrain-gomoku in a command line.
type invocation struct {
	brain bool     // pbrain-gomoku, whose flags are gomoku pbrain's
	words []string // the program's arguments, up to the next shell operator
}

// invocations finds the runs of the programs in a command line's words:
// gomoku, ./gomoku or any path to it, go run ./cmd/gomoku, and
// pbrain-gomoku.
func invocations(words []string) []invocation {
	var invs []invocation
	for i, w := range words {
		base := path.Base(w)
		var inv invocation
		switch {
		case strings.Contains(w, "="): // cmd=./pbrain-gomoku: another program's setting
			continue
		case base == "pbrain-gomoku" || base == "pbrain-gomoku.exe":
			inv.brain = true
		case base != "gomoku":
			continue
		case i > 0 && words[i-1] == "-o": // go build -o gomoku
			continue
		}
		if strings.Contains(w, "cmd/") && (i == 0 || words[i-1] != "run") { // go test ./cmd/gomoku
			continue
		}
		for _, a := range words[i+1:] {
			if a != "" && strings.ContainsAny(a[:1], "|&;<>()#") {
				break
			}
			inv.words = append(inv.words, strings.Trim(a, "[]"))
		}
		invs = append(invs, inv)
	}
	return invs
}

// check looks the invocation's command and flags up in the programs.
func (inv invocation) check(app, brain *cli.App) error {
	flags := brain.Flags
	args := inv.words
	if !inv.brain {
		i := slices.IndexFunc(args, func(a string) bool { return !strings.HasPrefix(a, "-") })
		if i < 0 || args[i] == "help" || strings.ToUpper(args[i]) == args[i] {
			return nil // the program's own help, or a placeholder: gomoku COMMAND --help
		}
		cmd := app.Command(args[i])
		if cmd == nil {
			return fmt.Errorf("gomoku has no command %q", args[i])
		}
		flags, args = cmd.Flags, args[i+1:]
	}
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" || regexp.MustCompile(`^-\d`).MatchString(a) {
			continue // an argument, or a negative coordinate
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "help" || name == "h" {
			continue
		}
		if !slices.ContainsFunc(flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) }) {
			return fmt.Errorf("flag provided but not defined: %s", a)
		}
	}
	return nil
}

// TestReadmeFromFiles checks that every block that says where it comes
// from (from=PATH, relative to the module's root) appears in that file as
// it is shown, indentation aside.
func TestReadmeFromFiles(t *testing.T) {
	root := moduleRoot(t)
	for _, f := range readmes(t) {
		for _, b := range f.blocks {
			from := b.attrs["from"]
			if from == "" {
				continue
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(from)))
			if !assert.NoError(t, err, "%s:%d", f.path, b.start) {
				continue
			}
			want := trimLines(b.lines)
			assert.Contains(t, "\n"+trimLines(strings.Split(string(data), "\n"))+"\n", "\n"+want+"\n",
				"%s:%d: the block is not in %s as shown", f.path, b.start, from)
		}
	}
}

// trimLines joins lines with their surrounding space removed.
func trimLines(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return strings.Join(out, "\n")
}

// TestReadmeLinks checks that every relative link of a README leads to a
// file of the module and, with a #fragment, to a heading of that file.
func TestReadmeLinks(t *testing.T) {
	root := moduleRoot(t)
	files := readmes(t)
	anchors := map[string]map[string]bool{}
	for _, f := range files {
		anchors[f.path] = headingAnchors(f)
	}
	linkRE := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		for _, p := range f.prose {
			for _, m := range linkRE.FindAllStringSubmatch(p.text, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				where := fmt.Sprintf("%s:%d", f.path, p.line+1)
				file, frag, _ := strings.Cut(target, "#")
				resolved := f.path
				if file != "" {
					resolved = path.Join(path.Dir(f.path), file)
					_, err := os.Stat(filepath.Join(root, filepath.FromSlash(resolved)))
					if !assert.NoError(t, err, "%s: link to %s", where, target) {
						continue
					}
				}
				if frag != "" {
					heads, ok := anchors[resolved]
					assert.True(t, ok && heads[frag], "%s: %s has no heading #%s", where, resolved, frag)
				}
			}
		}
	}
}

// headingAnchors lists the anchors GitHub gives a file's headings.
func headingAnchors(f mdFile) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, p := range f.prose {
		if !strings.HasPrefix(p.text, "#") {
			continue
		}
		a := strings.ToLower(strings.TrimSpace(strings.TrimLeft(p.text, "#")))
		a = strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && r != '×' && r != '—' && r != '–':
				return r
			}
			return -1
		}, a)
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// TestReadmeListsEveryFuzzTarget checks the front door's table of fuzz
// targets against the Fuzz functions of the module: the same targets, in
// the packages named.
func TestReadmeListsEveryFuzzTarget(t *testing.T) {
	root := moduleRoot(t)
	have := map[string]string{} // target → package directory, as ./dir
	funcRE := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(root, filepath.Dir(p))
		for _, m := range funcRE.FindAllStringSubmatch(string(data), -1) {
			have[m[1]] = "./" + filepath.ToSlash(dir)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, have)

	listed := map[string]string{}
	rowRE := regexp.MustCompile("^\\| `(\\./[^`]+)` \\|(.*)\\|")
	nameRE := regexp.MustCompile("`(Fuzz\\w+)`")
	for _, f := range readmes(t) {
		if f.path != "README.md" {
			continue
		}
		for _, p := range f.prose {
			if m := rowRE.FindStringSubmatch(p.text); m != nil {
				for _, n := range nameRE.FindAllStringSubmatch(m[2], -1) {
					listed[n[1]] = m[1]
				}
			}
		}
	}
	assert.Equal(t, have, listed, "README.md's table of fuzz targets: | `./package` | `FuzzName`, … |")
}

// TestReadmeTranscripts runs the commands of every console block that is
// not an illustration, in one bash session per README (so that a variable
// set by one command serves the next), with the built program as gomoku
// and ./gomoku, in a scratch directory where the module's folders are at
// hand, and compares what they print with the block. Durations, times of
// day, game ids and seat tokens are masked, as they change from run to
// run. A block marked "server" talks to a game server that the test
// starts on a free port, which stands in for localhost:8080. With
// -update the blocks are rewritten instead.
func TestReadmeTranscripts(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	bin := gomokutest.Binary(t)
	root := moduleRoot(t)
	for _, f := range readmes(t) {
		var runs []*transcript
		server := false
		for _, b := range f.blocks {
			if b.lang == "console" && !b.illustration() {
				runs = append(runs, transcripts(b)...)
				_, withServer := b.attrs["server"]
				server = server || withServer
			}
		}
		if len(runs) == 0 {
			continue
		}
		t.Run(f.path, func(t *testing.T) {
			dir := scratchDir(t, root, bin)
			addr := "localhost:8080"
			if server {
				addr = startServer(t, bin, dir)
			}
			outs := runSession(t, bash, dir, runs, addr)
			changed := false
			for i, r := range runs {
				got := strings.ReplaceAll(outs[i], addr, "localhost:8080")
				if normalise(got) == normalise(r.want) {
					continue
				}
				if *update && !r.interactive {
					r.want, changed = got, true
					continue
				}
				t.Errorf("%s:%d: $ %s\n--- README\n%s\n--- now\n%s", f.path, r.line+1, r.command, r.want, got)
			}
			if changed {
				rewrite(t, filepath.Join(root, filepath.FromSlash(f.path)), f, runs)
			}
		})
	}
}

// transcript is one command of a console block and what it printed.
type transcript struct {
	command     string
	input       string // for an interactive transcript: the "> " lines
	interactive bool
	want        string
	line        int // the command's line in the file
	outStart    int // the output's first line in the file
	outEnd      int // one past its last
	indent      string
}

// transcripts splits a console block into its commands.
func transcripts(b mdBlock) []*transcript {
	var ts []*transcript
	var cur *transcript
	var out []string
	done := func(end int) {
		if cur == nil {
			return
		}
		cur.outEnd = end
		var want, in []string
		for _, l := range out {
			switch {
			case strings.HasPrefix(l, "> "):
				cur.interactive = true
				in = append(in, strings.TrimPrefix(l, "> "))
			case strings.HasPrefix(l, "< "):
				want = append(want, strings.TrimPrefix(l, "< "))
			default:
				want = append(want, l)
			}
		}
		cur.want = strings.Join(want, "\n")
		if cur.interactive {
			cur.input = strings.Join(in, "\n") + "\n"
		}
		ts = append(ts, cur)
	}
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		if !strings.HasPrefix(l, "$ ") {
			out = append(out, l)
			continue
		}
		done(b.start + i)
		cur, out = &transcript{line: b.start + i, indent: b.indent}, nil
		cmd := strings.TrimPrefix(l, "$ ")
		for strings.HasSuffix(cmd, "\\") && i+1 < len(b.lines) {
			i++
			cmd = strings.TrimSuffix(cmd, "\\") + "\n" + b.lines[i]
		}
		cur.command = cmd
		cur.outStart = b.start + i + 1
	}
	done(b.start + len(b.lines))
	return ts
}

// runSession runs the transcripts' commands one after the other in one
// bash process in dir, with localhost:8080 standing for addr, and returns
// what each printed on standard output and standard error, interleaved.
func runSession(t *testing.T, bash, dir string, runs []*transcript, addr string) []string {
	t.Helper()
	const mark = "\x1e"
	var script strings.Builder
	for i, r := range runs {
		in := "/dev/null"
		if r.interactive {
			in = filepath.Join(dir, fmt.Sprintf(".input-%d", i))
			require.NoError(t, os.WriteFile(in, []byte(r.input), 0o644))
		}
		fmt.Fprintf(&script, "printf '\\036\\n'\n{\n%s\n} < %s 2>&1\n", strings.ReplaceAll(r.command, "localhost:8080", addr), in)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", script.String())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "TERM=dumb", "NO_COLOR=1")
	cmd.WaitDelay = 5 * time.Second
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); !ok {
		require.NoError(t, err)
	}
	parts := strings.Split(out.String(), mark+"\n")
	require.Len(t, parts, len(runs)+1, "every command ran:\n%s", out.String())
	for i := range parts {
		parts[i] = strings.TrimRight(parts[i], "\n")
	}
	return parts[1:]
}

// startServer starts gomoku serve on a free port with its database in
// dir, stops it when the test ends, and returns its address.
func startServer(t *testing.T, bin, dir string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "games.db"), "--log", "none")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	first, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	_, rest, ok := strings.Cut(first, "listening on http://")
	require.True(t, ok, "gomoku serve said %q", first)
	addr, _, _ := strings.Cut(rest, " ")
	return addr
}

// scratchDir makes a directory holding the program as ./gomoku and links
// to the module's folders, so that commands find bench/openings and the
// like and what they write stays out of the checkout.
func scratchDir(t *testing.T, root, bin string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Symlink(bin, filepath.Join(dir, "gomoku")))
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			require.NoError(t, os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())))
		}
	}
	return dir
}

var (
	durationRE = regexp.MustCompile(`\d+(\.\d+)?(ns|µs|us|ms|s|m|h)(\d+(\.\d+)?(ns|µs|us|ms|s|m))*\b`)
	timeRE     = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z`)
	hexRE      = regexp.MustCompile(`\b([0-9a-f]{32}|[0-9a-f]{16})\b`) // seat tokens and game ids
)

// normalise masks durations; where it did, the columns around them may
// have moved, so runs of spaces count as one. Spaces that end a line are
// dropped, as a README cannot keep them.
func normalise(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	s = strings.Join(lines, "\n")
	s = hexRE.ReplaceAllString(timeRE.ReplaceAllString(s, "TIME"), "HEX")
	masked := durationRE.ReplaceAllString(s, "DURATION")
	if masked != s {
		masked = regexp.MustCompile(` +`).ReplaceAllString(masked, " ")
	}
	return masked
}

// rewrite puts the transcripts' new output into the README.
func rewrite(t *testing.T, path string, f mdFile, runs []*transcript) {
	t.Helper()
	lines := slices.Clone(f.lines)
	for i := len(runs) - 1; i >= 0; i-- {
		r := runs[i]
		var out []string
		if r.want != "" {
			for _, l := range strings.Split(r.want, "\n") {
				out = append(out, strings.TrimRight(r.indent+l, " "))
			}
		}
		lines = slices.Replace(lines, r.outStart, r.outEnd, out...)
	}
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	t.Logf("rewrote %s", f.path)
}

// TestReadmeGoTestPatterns checks that the go test commands of the
// READMEs name packages that exist, and that their -run, -bench and -fuzz
// patterns pick at least one test, benchmark or fuzz target there, so
// that a moved benchmark does not leave a command that measures nothing.
func TestReadmeGoTestPatterns(t *testing.T) {
	root := moduleRoot(t)
	checked := 0
	for _, f := range readmes(t) {
		for _, b := range f.blocks {
			if b.lang != "sh" && b.lang != "console" {
				continue
			}
			for i, l := range b.commandLines() {
				words := shellWords(l)
				for j := 0; j+1 < len(words); j++ {
					if words[j] != "go" || words[j+1] != "test" {
						continue
					}
					checked++
					if err := checkGoTest(root, words[j+2:]); err != nil {
						t.Errorf("%s:%d: %s: %v", f.path, b.start+i+1, l, err)
					}
				}
			}
		}
	}
	assert.Greater(t, checked, 5, "the READMEs hold go test commands")
}

// checkGoTest checks one go test command's arguments.
func checkGoTest(root string, args []string) error {
	var pkgs []string
	patterns := map[string]string{} // flag → pattern
	for k := 0; k < len(args); k++ {
		a := args[k]
		if a != "" && strings.ContainsAny(a[:1], "|&;<>()") {
			break
		}
		switch {
		case strings.HasPrefix(a, "./"):
			pkgs = append(pkgs, a)
		case (a == "-run" || a == "-bench" || a == "-fuzz") && k+1 < len(args):
			patterns[a] = args[k+1]
			k++
		}
	}
	prefix := map[string][]string{"-run": {"Test", "Example"}, "-bench": {"Benchmark"}, "-fuzz": {"Fuzz"}}
	for _, pkg := range pkgs {
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(pkg, "/...")))
		names, err := testFuncs(dir, strings.HasSuffix(pkg, "/..."))
		if err != nil {
			return err
		}
		for fl, pat := range patterns {
			if fl == "-run" && (patterns["-bench"] != "" || patterns["-fuzz"] != "") {
				continue // -run only keeps the tests out: "^$", "XXX"
			}
			first := firstSegment(pat)
			if first == "" || first == "^$" || first == "." {
				continue
			}
			re, err := regexp.Compile(first)
			if err != nil {
				return fmt.Errorf("%s %q: %v", fl, pat, err)
			}
			if !slices.ContainsFunc(names, func(n string) bool {
				return slices.ContainsFunc(prefix[fl], func(p string) bool { return strings.HasPrefix(n, p) }) && re.MatchString(n)
			}) {
				return fmt.Errorf("%s %q matches nothing in %s", fl, pat, pkg)
			}
		}
	}
	return nil
}

// firstSegment is a -run or -bench pattern's part for the top-level
// names: up to the first slash outside brackets.
func firstSegment(pat string) string {
	depth := 0
	for i, c := range pat {
		switch c {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '/':
			if depth == 0 {
				return pat[:i]
			}
		}
	}
	return pat
}

var testFuncRE = regexp.MustCompile(`(?m)^func ((Test|Benchmark|Fuzz|Example)\w*)\(`)

// testFuncs lists the test, benchmark, fuzz and example functions of the
// package in dir, and of those below it with all.
func testFuncs(dir string, all bool) ([]string, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && (!all || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		for _, m := range testFuncRE.FindAllStringSubmatch(string(data), -1) {
			names = append(names, m[1])
		}
		return err
	})
	return names, err
}
