/**
 * What the logs may hold of an error (issue 11, item 6). A failed statement's error carries its
 * parameters (Drizzle's "Failed query: ... params: ..." message and `params` field; PostgreSQL's
 * `detail`, "Key (email)=(...)"), and those are password hashes, e-mail addresses, tokens. The `err`
 * serializer of the server's logger keeps the type, the message without its params, the SQL text,
 * the SQLSTATE code, the constraint and the stack, and drops every value, at every level of `cause`.
 */
interface Serialized {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

function withoutParams(text: string): string {
  return text.replace(/\nparams:[^\n]*/g, '');
}

function serialize(error: Error, depth: number): Serialized {
  const out: Serialized = {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error))
    if (!(key in out) && !VALUE_FIELDS.has(key) && key !== 'cause') out[key] = value;
  if (typeof out.severity === 'string' && typeof out.code === 'string') {
    // A database error: its text may quote the offending value ("invalid input syntax for type
    // integer: \"...\""); the SQLSTATE, routine, table and constraint say what went wrong.
    out.message = out.message.replace(/"[^"]*"/g, '"…"');
    out.stack = '';
  }
  const { cause } = error as { cause?: unknown };
  if (cause instanceof Error && depth < 4) out.cause = serialize(cause, depth + 1);
  return out;
}

export function serializeError(error: Error): Serialized {
  return serialize(error, 0);
}
