package serve

import (
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
)

// The live updates speak the small part of WebSocket (RFC 6455) that a
// server which only sends needs: the opening handshake, unmasked text
// frames out, and the client's control frames in (close, ping, pong).
// Owning the connection, instead of a general library's, is what lets an
// idle spectator cost a few kilobytes: one goroutine parked in a read with
// a shallow stack and no buffers, and each event written as one prepared
// frame, encoded once for every spectator.

// WebSocket opcodes and close codes used here.
const (
	opText  = 0x1
	opClose = 0x8
	opPing  = 0x9
	opPong  = 0xA

	closeNormal          = 1000
	closeGoingAway       = 1001
	closeProtocolError   = 1002
	closePolicyViolation = 1008
)

// wsGUID is the handshake's constant (RFC 6455 §1.3).
const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// upgrade checks a WebSocket handshake request and, if it is one this
// server accepts, answers 101 and returns the connection. Otherwise it
// answers the error itself and returns nil.
func upgrade(w http.ResponseWriter, r *http.Request, origins []string) net.Conn {
	h := r.Header
	switch {
	case !r.ProtoAtLeast(1, 1) || !hasToken(h, "Connection", "upgrade") || !hasToken(h, "Upgrade", "websocket"):
		w.Header().Set("Connection", "Upgrade")
		w.Header().Set("Upgrade", "websocket")
		writeError(w, errorf(http.StatusUpgradeRequired, "this address is a WebSocket: send an Upgrade: websocket request"))
		return nil
	case h.Get("Sec-WebSocket-Version") != "13":
		w.Header().Set("Sec-WebSocket-Version", "13")
		writeError(w, errorf(http.StatusBadRequest, "unsupported WebSocket version %q (want 13)", h.Get("Sec-WebSocket-Version")))
		return nil
	}
	keys := h.Values("Sec-WebSocket-Key")
	key := ""
	if len(keys) == 1 {
		key = strings.TrimSpace(keys[0])
	}
	if k, err := base64.StdEncoding.DecodeString(key); err != nil || len(k) != 16 {
		writeError(w, errorf(http.StatusBadRequest, "Sec-WebSocket-Key must be one 16-byte key in base64"))
		return nil
	}
	if !originAllowed(r, origins) {
		writeError(w, errorf(http.StatusForbidden, "pages from %q may not open this server's live updates", h.Get("Origin")))
		return nil
	}
	sum := sha1.Sum([]byte(key + wsGUID))
	w.Header().Set("Upgrade", "websocket")
	w.Header().Set("Connection", "Upgrade")
	w.Header().Set("Sec-WebSocket-Accept", base64.StdEncoding.EncodeToString(sum[:]))
	w.WriteHeader(http.StatusSwitchingProtocols)
	nc, brw, err := http.NewResponseController(w).Hijack() // sends the 101 first
	if err != nil {
		return nil
	}
	if n := brw.Reader.Buffered(); n > 0 {
		// The client spoke before the answer; keep what the server read
		// ahead.
		b, _ := brw.Reader.Peek(n)
		nc = &prefixed{Conn: nc, r: io.MultiReader(bytes.NewReader(bytes.Clone(b)), nc)}
	}
	return nc
}

// hasToken reports whether a comma-separated header holds token, in any
// case.
func hasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// originAllowed lets in clients without an Origin (not browsers), pages
// of the server's own host, and pages whose host (or scheme://host, for a
// pattern with a scheme) matches one of the patterns, as path.Match sees
// it, in any case.
func originAllowed(r *http.Request, patterns []string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(r.Host, u.Host) {
		return true
	}
	for _, p := range patterns {
		target := u.Host
		if strings.Contains(p, "://") {
			target = u.Scheme + "://" + u.Host
		}
		if ok, err := path.Match(strings.ToLower(p), strings.ToLower(target)); err == nil && ok {
			return true
		}
	}
	return false
}

// prefixed is a connection whose first bytes were already read.
type prefixed struct {
	net.Conn
	r io.Reader
}

func (p *prefixed) Read(b []byte) (int, error) { return p.r.Read(b) }

func (p *prefixed) underlying() net.Conn { return p.Conn }

// socket returns the TCP connection under nc, through this package's
// wrappers (never through one that transforms the bytes, as TLS does), or
// nil.
func socket(nc net.Conn) *net.TCPConn {
	for {
		switch c := nc.(type) {
		case *net.TCPConn:
			return c
		case interface{ underlying() net.Conn }:
			nc = c.underlying()
		default:
			return nil
		}
	}
}

// appendFrame appends a final, unmasked frame (a server's) with payload p.
func appendFrame(b []byte, op byte, p []byte) []byte {
	b = append(b, 0x80|op)
	switch n := len(p); {
	case n <= 125:
		b = append(b, byte(n))
	case n <= 0xFFFF:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, p...)
}

// closeFrame is a close frame with a code and a reason (under 123 bytes).
func closeFrame(code uint16, reason string) []byte {
	p := binary.BigEndian.AppendUint16(nil, code)
	return appendFrame(nil, opClose, append(p, reason...))
}

// pingFrame is an empty ping.
var pingFrame = appendFrame(nil, opPing, nil)

// readFrames reads the client's frames until the connection ends, calling
// fn with each control frame's opcode and (unmasked) payload. A data frame
// or a protocol error ends it with the close code to send; a read error
// with code 0. The buffers are allocated here, once, and small: control
// payloads are at most 125 bytes.
func readFrames(r io.Reader, fn func(op byte, payload []byte) bool) (code uint16, reason string) {
	var buf [2 + 4 + 125]byte
	for {
		hdr := buf[:2]
		if _, err := io.ReadFull(r, hdr); err != nil {
			return 0, ""
		}
		op, n := hdr[0]&0x0F, int(hdr[1]&0x7F)
		switch {
		case hdr[0]&0x70 != 0:
			return closeProtocolError, "reserved bits set"
		case hdr[1]&0x80 == 0:
			return closeProtocolError, "a client's frames must be masked"
		case op == 0x0 || op == opText || op == 0x2:
			return closePolicyViolation, "the server takes no messages"
		case op < opClose || op > opPong:
			return closeProtocolError, "unknown opcode"
		case hdr[0]&0x80 == 0 || n > 125:
			return closeProtocolError, "a control frame must be final and at most 125 bytes"
		}
		mp := buf[2 : 6+n]
		if _, err := io.ReadFull(r, mp); err != nil {
			return 0, ""
		}
		mask, p := mp[:4], mp[4:]
		for i := range p {
			p[i] ^= mask[i%4]
		}
		if !fn(op, p) {
			return 0, ""
		}
	}
}
