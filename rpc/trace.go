package rpc

import (
	"context"
	"time"
)

// Trace is where one call's time went between the caller and the extension,
// for `browserctl -v`. A caller that wants it puts a Tracer into the call's
// context (WithTracer); the hub in this process, or the client of a hub in
// another (POST /rpc with "timing": true answers a "timing" member), hands
// it each call's Trace once the call has ended. Durations are microseconds
// on the wire.
type Trace struct {
	// Method is the call's method.
	Method string `json:"-"`
	// CallID is the call's id on /ws/browser; extension.callTiming takes
	// it. 0: the call never reached the connection.
	CallID int64 `json:"callId"`
	// Total is the whole call as the caller saw it: the control API's
	// HTTP both ways for a client, Hub for a caller in the hub's process.
	Total Micros `json:"-"`
	// Hub is the hub's whole handling of the call, from Call to its answer.
	Hub Micros `json:"hubUs"`
	// Lock is the part of Hub spent waiting for the session's lock.
	Lock Micros `json:"lockUs"`
	// Extension is the part of Hub from queueing the request frame to the
	// answer's arrival: the WebSocket both ways and the extension's work.
	Extension Micros `json:"extensionUs"`
}

// Micros is a duration that is a number of microseconds in JSON.
type Micros int64

// MicrosOf is d in microseconds.
func MicrosOf(d time.Duration) Micros { return Micros(d.Microseconds()) }

// Duration is m as a time.Duration.
func (m Micros) Duration() time.Duration { return time.Duration(m) * time.Microsecond }

// Tracer receives the Trace of each call made with a context carrying it.
type Tracer func(*Trace)

type tracerKey struct{}

// WithTracer is ctx carrying fn: the calls made with it are traced.
func WithTracer(ctx context.Context, fn Tracer) context.Context {
	return context.WithValue(ctx, tracerKey{}, fn)
}

// TracerFrom is the tracer ctx carries, nil for none.
func TracerFrom(ctx context.Context) Tracer {
	fn, _ := ctx.Value(tracerKey{}).(Tracer)
	return fn
}

// CallTimingParams are the params of extension.callTiming.
type CallTimingParams struct {
	CallID int64 `json:"callId" min:"1" doc:"the id the hub gave the call on /ws/browser"`
}

// CallTimingResult is what the extension measured of one call.
type CallTimingResult struct {
	CallID    int64   `json:"callId"`
	Method    string  `json:"method"`
	HandlerMs float64 `json:"handlerMs" doc:"from the request's arrival to its answer's sending"`
	// CDP are the chrome.debugger commands the call sent, by method, in
	// order of first use.
	CDP []CDPTiming `json:"cdp"`
	// CDPWallMs is the time with at least one of those commands in flight:
	// below their sum when some were sent without waiting for others.
	CDPWallMs float64 `json:"cdpWallMs,omitempty" doc:"the time with at least one CDP command in flight (commands sent in parallel overlap in cdp's sums)"`
	// Waits are what the call waited for from the page besides its
	// commands' answers (a navigation's load event), in order of first wait.
	Waits []WaitTiming `json:"waits,omitempty"`
}

// WaitTiming is the time a call spent waiting for one kind of page event.
type WaitTiming struct {
	For   string  `json:"for" doc:"the event waited for: load, DOMContentLoaded, networkIdle"`
	Count int     `json:"count"`
	Ms    float64 `json:"ms"`
}

// CDPTiming is the time one CDP method took over a call: how many
// commands, and their summed time from sending to answer (the page's own
// work included for Runtime.* commands).
type CDPTiming struct {
	Method string  `json:"method"`
	Count  int     `json:"count"`
	Ms     float64 `json:"ms"`
}
