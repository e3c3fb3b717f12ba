/**
 * Streaming filters for CouchDB `_changes` responses, so the gateway can drop entries (design
 * documents) without buffering a feed.
 */

/** Continuous feed: one JSON object per line; blank lines are heartbeats and pass through. */
export function filterLines(
  keep: (entry: Record<string, unknown>) => boolean,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const emit = (line: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (line.trim() === '') {
      controller.enqueue(encoder.encode(line + '\n'));
      return;
    }
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      controller.enqueue(encoder.encode(line + '\n'));
      return;
    }
    if (keep(entry)) controller.enqueue(encoder.encode(line + '\n'));
  };
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        emit(pending.slice(0, newline), controller);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    },
    flush(controller) {
      pending += decoder.decode();
      if (pending) emit(pending, controller);
    },
  });
}

/**
 * A JSON object with one array member (`{"results": [ ... ], "last_seq": ...}`), streamed:
 * each element of that array is parsed on its own and kept or dropped; everything else passes
 * through as it came. Works whatever the whitespace (CouchDB writes one result per line,
 * pouchdb-server one line in all).
 */
export function filterArrayMember(
  member: string,
  keep: (entry: Record<string, unknown>) => boolean,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const marker = `"${member}"`;
  // Phases: before the array, inside it (between/within elements), after it.
  let phase: 'before' | 'inside' | 'after' = 'before';
  let buffer = '';
  let element = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let wroteElement = false;

  const process = (text: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (phase === 'before') {
        buffer += ch;
        const at = buffer.indexOf(marker);
        if (at !== -1) {
          const bracket = buffer.indexOf('[', at + marker.length);
          if (bracket !== -1) {
            out += buffer.slice(0, bracket + 1);
            buffer = '';
            phase = 'inside';
          }
        } else if (buffer.length > marker.length * 4) {
          // Flush what cannot be the start of the marker.
          out += buffer.slice(0, buffer.length - marker.length);
          buffer = buffer.slice(buffer.length - marker.length);
        }
        continue;
      }
      if (phase === 'after') {
        out += ch;
        continue;
      }
      // inside the array
      if (depth === 0) {
        if (ch === ']') {
          out += ']';
          phase = 'after';
        } else if (ch === '{') {
          depth = 1;
          element = '{';
        }
        // Commas and whitespace between elements are rewritten below.
        continue;
      }
      element += ch;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth += 1;
      else if (ch === '}' || ch === ']') {
        depth -= 1;
        if (depth === 0) {
          let entry: Record<string, unknown> | undefined;
          try {
            entry = JSON.parse(element) as Record<string, unknown>;
          } catch {
            entry = undefined;
          }
          if (!entry || keep(entry)) {
            out += (wroteElement ? ',\n' : '\n') + element;
            wroteElement = true;
          }
          element = '';
        }
      }
    }
    if (out) controller.enqueue(encoder.encode(out));
  };

  return new TransformStream({
    transform(chunk, controller) {
      process(decoder.decode(chunk, { stream: true }), controller);
    },
    flush(controller) {
      process(decoder.decode(), controller);
      if (phase === 'before' && buffer) controller.enqueue(encoder.encode(buffer));
    },
  });
}
