/**
 * ESLint rule: a service's code never names another service's database schema in SQL.
 *
 * Each service owns the PostgreSQL schema named after it (identity.users, intake.leads, ...);
 * others learn its data from events or ask through its client. A query text (a `sql` template or
 * a string that reads like SQL) in `services/<name>/` that mentions `<other>.<table>` for another
 * service's schema is reported. Options: `{ schemas: string[] }`, the services that own a schema.
 */
const SQL_WORDS = /\b(select|insert|update|delete|from|join|into|truncate|alter|table)\b/i;

/** The service a file belongs to, from its path (`.../services/<name>/...`), or null. */
function owningService(filename) {
  const match = /[\\/]services[\\/]([a-z0-9-]+)[\\/]/.exec(filename);
  return match ? match[1] : null;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: "refuse SQL that names another service's schema" },
    schema: [
      {
        type: 'object',
        properties: { schemas: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      foreign:
        "SQL names {{schema}}.{{table}}, the {{schema}} service's table: use its events or its client instead.",
    },
  },
  create(context) {
    const own = owningService(context.filename ?? context.getFilename());
    if (!own) return {};
    const schemas = (context.options[0]?.schemas ?? []).filter((s) => s !== own);
    if (schemas.length === 0) return {};
    const reference = new RegExp(
      `(?:^|[^\\w."])"?(${schemas.join('|')})"?\\."?([a-z_][a-z0-9_]*)`,
      'gi',
    );

    function check(node, text, isSqlTag) {
      if (!isSqlTag && !SQL_WORDS.test(text)) return;
      for (const match of text.matchAll(reference)) {
        context.report({
          node,
          messageId: 'foreign',
          data: { schema: match[1].toLowerCase(), table: match[2] },
        });
      }
    }

    return {
      TemplateLiteral(node) {
        const parent = node.parent;
        const tag = parent && parent.type === 'TaggedTemplateExpression' ? parent.tag : null;
        const isSqlTag =
          !!tag &&
          ((tag.type === 'Identifier' && tag.name === 'sql') ||
            (tag.type === 'MemberExpression' && tag.object.name === 'sql'));
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '), isSqlTag);
      },
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, false);
      },
    };
  },
};
