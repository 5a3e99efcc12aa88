// Package elo turns match results between two players into the figures
// engine testers read: the score, the Elo difference with its 95%
// confidence interval, the likelihood of superiority (LOS) and a sequential
// probability ratio test (SPRT) that says when enough games have been
// played.
//
// Results come as a [Trinomial] (wins, losses and draws of single games)
// or, when every opening is played twice with colours swapped, as a
// [Pentanomial] (the five possible totals of a game pair: 0, ½, 1, 1½ and
// 2 points). Pairs cancel most of an opening's bias, so the pentanomial
// variance is smaller and its interval tighter; it is the model fishtest
// and fastchess use for paired games.
//
// Two runs of the same game pairs, two builds of one engine against the
// same opponent say, compare pair by pair with [Difference]: the mean of
// the per-pair differences of the build's scores, with its interval,
// turned into Elo at the first run's score.
//
// The formulas are the ones cutechess-cli, fastchess, fishtest and
// c-gomoku-cli print, so figures can be compared across managers:
//
//   - Elo from a score s: −400·log10(1/s − 1) (the logistic model).
//   - The interval: the mean score ± 1.95996·σ/√n, each end turned into
//     Elo; the "±" margin is half the distance between the two ends
//     (cutechess-cli's Elo::errorMargin).
//   - LOS of single games: ½·(1 + erf((W − L)/√(2(W + L)))), draws
//     ignored (cutechess-cli's Elo::LOS); of pairs: Φ((μ − ½)/(σ/√n)).
//   - SPRT log-likelihood ratio, the generalised SPRT's normal
//     approximation by Michel Van den Bergh
//     (http://hardy.uhasselt.be/Toga/GSPRT_approximation.pdf) used by
//     c-gomoku-cli and fishtest: LLR = n·(s1 − s0)·(2μ − s0 − s1)/(2σ²),
//     with s0 and s1 the scores of elo0 and elo1, μ and σ² the mean and
//     variance of one game's (or one pair's, halved) score. The test
//     accepts H1 (elo1) when LLR ≥ log((1 − β)/α) and H0 (elo0) when
//     LLR ≤ log(β/(1 − α)).
package elo
