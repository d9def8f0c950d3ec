package cmd

import "testing"

// The tree a one-shot command builds before it runs: the root and the one
// top-level command it names (a declared one, a hand-written group with
// declared children, a hand-written one), with its flags and completions.
func BenchmarkOneShotTree(b *testing.B) {
	e := newTestEnv(b)
	for _, args := range [][]string{{"focus", "e1"}, {"dialog", "accept"}, {"get", "title"}, {"click", "e1"}} {
		b.Run(args[0], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				root := newTreeFor(e.f, args)
				if _, _, err := root.Find(args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
