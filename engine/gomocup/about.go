package gomocup

import (
	"strings"
)

// About is the brain's answer to ABOUT.
type About struct {
	Name, Version, Author, Country, WWW, Email string
}

// aboutKeys are the keys of ABOUT in the order they are written.
var aboutKeys = [...]string{"name", "version", "author", "country", "www", "email"}

func (a *About) fields() [6]*string {
	return [...]*string{&a.Name, &a.Version, &a.Author, &a.Country, &a.WWW, &a.Email}
}

// String is the ABOUT line as the spec writes it: key="value" pairs
// separated by a comma and a space, empty fields left out. Quotes and line
// breaks inside values become ' and spaces, so that the line reads back.
func (a About) String() string {
	var parts []string
	for i, f := range a.fields() {
		if *f == "" {
			continue
		}
		v := strings.NewReplacer(`"`, "'", "\r", " ", "\n", " ").Replace(*f)
		parts = append(parts, aboutKeys[i]+`="`+v+`"`)
	}
	return strings.Join(parts, ", ")
}

// ParseAbout reads an ABOUT line: key="value" pairs separated by commas,
// as in name="pela", version="1.0". Keys are case-insensitive; unquoted
// values run to the next comma; unknown keys are skipped.
func ParseAbout(line string) About {
	var out About
	fields := out.fields()
	for s := strings.TrimSpace(line); s != ""; {
		key, rest, ok := strings.Cut(s, "=")
		if !ok {
			break
		}
		key = strings.ToLower(strings.TrimSpace(key))
		rest = strings.TrimLeft(rest, " ")
		var val string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				val, rest = rest[1:], ""
			} else {
				val, rest = rest[1:1+end], rest[2+end:]
			}
			_, rest, _ = strings.Cut(rest, ",")
		} else {
			val, rest, _ = strings.Cut(rest, ",")
		}
		for i, k := range aboutKeys {
			if k == key {
				*fields[i] = strings.TrimSpace(val)
			}
		}
		s = strings.TrimSpace(rest)
	}
	return out
}
