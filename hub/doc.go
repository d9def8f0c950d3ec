// Package hub holds the WebSocket hub at /ws/browser: one last-wins
// extension connection, the pending-call map, ids, timeouts and per-session
// locks; and the control API other processes use (POST /rpc, GET /status,
// PUT /session, GET /events). Its answers' types and the Controller
// interface are in hub/hubapi/; the client that reaches a hub in another process
// is hub/hubclient/.
package hub
