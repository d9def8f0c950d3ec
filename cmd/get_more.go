package cmd

import (
	"encoding/json"
	"fmt"

	"browserctl/rpc"
)

// getMoreCall builds `get attr REF NAME` (pages.getAttribute) and `get
// count SELECTOR` (pages.count), the kinds of get issue 8 added as methods
// of their own: pages.get keeps the spec's shape.
func getMoreCall(f *Factory, what string, args []string, tab int) (*pageCall, error) {
	switch what {
	case "attr":
		if len(args) != 2 {
			return nil, usageErrorf("get attr needs a REF (or CSS selector) and an attribute NAME, got %d arguments", len(args))
		}
		p := rpc.GetAttributeParams{PageParams: pageParams(f, tab), Name: args[1]}
		p.Ref, p.Selector = target(args[0])
		return &pageCall{Method: rpc.PageGetAttribute, Params: p, Human: func(raw json.RawMessage) error {
			var res rpc.GetAttributeResult
			if err := decodeResult(rpc.PageGetAttribute, raw, &res); err != nil {
				return err
			}
			if res.Value == nil {
				return nil // no such attribute: nothing printed, --json says null
			}
			_, err := fmt.Fprintln(f.IO.Out, *res.Value)
			return err
		}}, nil
	default: // count
		if len(args) != 1 {
			return nil, usageErrorf("get count needs one CSS SELECTOR, got %d arguments", len(args))
		}
		p := rpc.CountParams{PageParams: pageParams(f, tab), Selector: args[0]}
		return &pageCall{Method: rpc.PageCount, Params: p, Human: func(raw json.RawMessage) error {
			var res rpc.CountResult
			if err := decodeResult(rpc.PageCount, raw, &res); err != nil {
				return err
			}
			_, err := fmt.Fprintln(f.IO.Out, res.Count)
			return err
		}}, nil
	}
}
