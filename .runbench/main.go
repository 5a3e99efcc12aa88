package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/bench"
)

func main() {
	quick := flag.Bool("quick", false, "")
	series := flag.String("series", "", "")
	out := flag.String("charts", "", "")
	flag.Parse()
	opts := bench.Options{Quick: *quick}
	if *series != "" {
		for _, s := range strings.Split(*series, ",") {
			x, err := bench.ParseSeries(s)
			if err != nil {
				panic(err)
			}
			opts.Series = append(opts.Series, x)
		}
	}
	rep, err := bench.Run(context.Background(), opts, func(p bench.Progress) {
		fmt.Fprintf(os.Stderr, "[%d/%d %s] %s\n", p.Done, p.Total, p.Elapsed.Round(1e8), p.Case)
	})
	if err != nil {
		panic(err)
	}
	rep.Markdown(os.Stdout)
	if *out != "" {
		if _, err := rep.WriteCharts(*out); err != nil {
			panic(err)
		}
	}
}
