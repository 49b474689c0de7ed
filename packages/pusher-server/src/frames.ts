// WebSocket frames built once and written as they are to many sockets. `ws` frames every send on
// its own (a header buffer, two objects of options, a corked two-buffer writev); for an event that
// goes to thousands of sockets the hub builds the whole frame once instead, and each socket gets a
// single write of the same buffer (docs/benchmarks.md, "Realtime at 10,000 sockets").

/**
 * A server-to-client text frame: FIN, opcode 1, no mask, no extension bits (RFC 6455 §5.2). Only
 * valid on sockets without permessage-deflate, which this server never negotiates.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** The frame of a text message (a string is encoded as UTF-8). */
export function textFrameOf(text: string): Buffer {
  return textFrame(Buffer.from(text, 'utf8'));
}
