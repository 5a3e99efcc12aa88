package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The documentation tests read every README.md of the module. A fenced
// block's info string says what it is:
//
//	console           a transcript: "$ " lines are commands, the lines up to
//	                  the next command their output, which TestReadmeTranscripts
//	                  runs and checks; lines that start with "> " are the
//	                  command's input, and then its output lines start with "< "
//	console server    the same, against a game server the test starts
//	text from=PATH    output kept in PATH (a golden file a test checks)
//	sh, go, json      commands to run, code and formats: not transcripts
//
// A console or text block whose paragraph before it says "illustration"
// is shown, not checked: its output depends on a clock, a network or a
// program that is not part of the module.

// mdFile is one README.
type mdFile struct {
	path   string   // relative to the module root, with slashes
	lines  []string // the file's lines, without their newlines
	blocks []mdBlock
	prose  []mdProse
}

// mdBlock is one fenced code block.
type mdBlock struct {
	lang   string            // the info string's first word
	attrs  map[string]string // its key=value words
	start  int               // index in mdFile.lines of the first line inside the fence
	lines  []string          // the block's lines, the fence's indentation removed
	indent string            // the fence's indentation
	before string            // the prose between the previous block (or the start) and this one
}

// mdProse is a line of text outside the fenced blocks.
type mdProse struct {
	line int
	text string
}

// illustration reports whether the block is marked as shown, not checked.
func (b mdBlock) illustration() bool {
	return strings.Contains(strings.ToLower(lastParagraph(b.before)), "illustration")
}

// lastParagraph is the last paragraph of text, blank lines separating
// paragraphs.
func lastParagraph(text string) string {
	paras := strings.Split(strings.TrimSpace(text), "\n\n")
	return paras[len(paras)-1]
}

var fenceRE = regexp.MustCompile("^( *)(```+)(.*)$")

// parseMarkdown splits a README into its fenced blocks and its prose.
func parseMarkdown(path string, data string) mdFile {
	f := mdFile{path: path, lines: strings.Split(strings.TrimSuffix(data, "\n"), "\n")}
	var prose strings.Builder
	for i := 0; i < len(f.lines); i++ {
		m := fenceRE.FindStringSubmatch(f.lines[i])
		if m == nil {
			f.prose = append(f.prose, mdProse{i, f.lines[i]})
			prose.WriteString(f.lines[i] + "\n")
			continue
		}
		b := mdBlock{indent: m[1], start: i + 1, attrs: map[string]string{}, before: prose.String()}
		words := strings.Fields(m[3])
		if len(words) > 0 {
			b.lang = words[0]
			for _, w := range words[1:] {
				k, v, _ := strings.Cut(w, "=")
				b.attrs[k] = v
			}
		}
		for i++; i < len(f.lines); i++ {
			if strings.TrimSpace(f.lines[i]) == m[2] {
				break
			}
			b.lines = append(b.lines, strings.TrimPrefix(f.lines[i], b.indent))
		}
		f.blocks = append(f.blocks, b)
		prose.Reset()
	}
	return f
}

// moduleRoot is the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.mod above the test's directory")
		dir = parent
	}
}

// readmes reads every README.md of the module, in path order.
func readmes(t *testing.T) []mdFile {
	t.Helper()
	root := moduleRoot(t)
	var files []mdFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || d.Name() != "README.md" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		files = append(files, parseMarkdown(filepath.ToSlash(rel), string(data)))
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files
}

var inlineCodeRE = regexp.MustCompile("`([^`]+)`")

// inlineCode lists the code spans of the prose with their line indexes.
func (f mdFile) inlineCode() []mdProse {
	var spans []mdProse
	for _, p := range f.prose {
		for _, m := range inlineCodeRE.FindAllStringSubmatch(p.text, -1) {
			spans = append(spans, mdProse{p.line, m[1]})
		}
	}
	return spans
}

// commandLines joins a block's lines into shell command lines: a "$ "
// prompt is dropped, a trailing backslash continues the line, and in a
// console block only prompted lines are commands.
func (b mdBlock) commandLines() []string {
	var cmds []string
	var cur strings.Builder
	for _, l := range b.lines {
		if cur.Len() == 0 {
			switch {
			case strings.HasPrefix(l, "$ "):
				l = strings.TrimPrefix(l, "$ ")
			case b.lang == "console" || b.lang == "text":
				continue
			}
		}
		if strings.HasSuffix(l, "\\") {
			cur.WriteString(strings.TrimSuffix(l, "\\") + " ")
			continue
		}
		cur.WriteString(l)
		cmds = append(cmds, cur.String())
		cur.Reset()
	}
	return cmds
}

// shellWords splits a command line as a shell would, roughly: quotes
// group, and the operators | & ; < > ( ) are words of their own. Enough
// to find commands and their flags, not to run anything.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, cur.String())
		}
		cur.Reset()
		inWord = false
	}
	r := bufio.NewReader(strings.NewReader(line))
	for {
		c, _, err := r.ReadRune()
		if err != nil {
			break
		}
		switch {
		case c == '\'' || c == '"':
			inWord = true
			for {
				d, _, err := r.ReadRune()
				if err != nil || d == c {
					break
				}
				if d == '\\' && c == '"' {
					if e, _, err := r.ReadRune(); err == nil {
						d = e
					}
				}
				cur.WriteRune(d)
			}
		case c == '\\':
			if d, _, err := r.ReadRune(); err == nil {
				cur.WriteRune(d)
				inWord = true
			}
		case c == ' ' || c == '\t':
			flush()
		case strings.ContainsRune("|&;<>()", c):
			flush()
			words = append(words, string(c))
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	flush()
	return words
}
