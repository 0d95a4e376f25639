import type { ReactNode } from "react";

type S = Record<string, unknown>;

function typeLabel(s: S): string {
  if (s.$ref) return String(s.$ref).split("/").pop()!;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const variants = (s.anyOf ?? s.oneOf) as S[] | undefined;
  if (variants) return variants.map(typeLabel).join(" | ");
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type as string | undefined);
  if (t === "array") {
    if (Array.isArray(s.prefixItems))
      return `[${(s.prefixItems as S[]).map(typeLabel).join(", ")}][]`.replace(/\]\[\]$/, "]");
    return `${typeLabel((s.items as S) ?? {})}[]`;
  }
  if (s.format) return `${t ?? "string"} (${String(s.format)})`;
  return t ?? "any";
}

function constraints(s: S): string[] {
  const out: string[] = [];
  if (s.minLength !== undefined) out.push(`min. ${s.minLength} car.`);
  if (s.maxLength !== undefined) out.push(`max. ${s.maxLength} car.`);
  if (s.minimum !== undefined && Math.abs(Number(s.minimum)) < 1e15) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && Math.abs(Number(s.maximum)) < 1e15) out.push(`≤ ${s.maximum}`);
  if (s.maxItems !== undefined) out.push(`${s.maxItems} éléments max.`);
  if (s.default !== undefined) out.push(`défaut : ${JSON.stringify(s.default)}`);
  // formats (uuid, date-time, email) say it better than their generated patterns
  if (s.pattern && !s.format) out.push(`motif ${String(s.pattern)}`);
  return out;
}

function childObject(s: S): S | null {
  if (s.type === "object" && s.properties) return s;
  if (s.type === "array" && (s.items as S | undefined)?.properties) return s.items as S;
  const variants = (s.anyOf ?? s.oneOf) as S[] | undefined;
  return variants?.map(childObject).find(Boolean) ?? null;
}

/** A JSON Schema as a readable nested list of fields (name, type, required, constraints, description). */
export function SchemaView({ schema, depth = 0 }: { schema: S; depth?: number }): ReactNode {
  const object = childObject(schema);
  if (!object) {
    return (
      <p className="text-xs text-zinc-600">
        <span className="font-mono text-brand-700">{typeLabel(schema)}</span>
        {constraints(schema).map((c) => (
          <span key={c} className="ml-2 text-zinc-500">
            {c}
          </span>
        ))}
        {schema.description ? <span className="ml-2 text-zinc-500">{String(schema.description)}</span> : null}
      </p>
    );
  }
  const required = new Set((object.required as string[] | undefined) ?? []);
  const props = Object.entries((object.properties ?? {}) as Record<string, S>);
  return (
    <div>
      {schema.type === "array" ? <p className="mb-1 text-xs text-zinc-500">Liste de :</p> : null}
      <ul className={depth > 0 ? "ml-4 border-l border-zinc-200 pl-3" : ""}>
        {props.map(([name, s]) => (
          <li key={name} className="py-1">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
              <code className="font-semibold text-zinc-900">{name}</code>
              <span className="font-mono text-brand-700">{typeLabel(s)}</span>
              {required.has(name) ? <span className="font-medium text-red-700">obligatoire</span> : null}
              {constraints(s).map((c) => (
                <span key={c} className="text-zinc-500">
                  {c}
                </span>
              ))}
            </div>
            {s.description ? <p className="text-xs text-zinc-500">{String(s.description)}</p> : null}
            {childObject(s) && depth < 4 ? <SchemaView schema={s} depth={depth + 1} /> : null}
          </li>
        ))}
        {props.length === 0 ? <li className="py-1 text-xs text-zinc-500">Objet libre</li> : null}
      </ul>
    </div>
  );
}
