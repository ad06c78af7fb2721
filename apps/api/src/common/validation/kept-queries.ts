import { credentialsInFields } from '../auth/credentials';

/** Distinct query strings kept per DTO; the oldest goes first when full. */
export const KEPT_QUERIES_PER_DTO = 500;

const PUBLIC_QUERIES = new WeakSet<object>();

/**
 * Marks the parameters DTO of a public read (`GET /api/tools`, suggestions, images…): the
 * validation pipe keeps its validated result per distinct query and answers the next identical
 * one with a copy, without class-transformer and class-validator (docs/product/rules.md#R837).
 * Only for DTOs whose result depends on the query alone (no clock, no caller) and holds values
 * and lists of values.
 */
export function PublicQuery(): ClassDecorator {
  return (target) => {
    PUBLIC_QUERIES.add(target);
  };
}

type Dto = Record<string, unknown>;

/** A copy a handler may change without changing the kept one: own fields, lists copied. */
function copyOf(dto: Dto): Dto {
  const copy = Object.create(Object.getPrototypeOf(dto) as object | null) as Dto;
  for (const key of Object.keys(dto)) {
    const value = dto[key];
    copy[key] = Array.isArray(value) ? value.slice() : value;
  }
  return copy;
}

/**
 * The validated queries of public reads, by DTO and query. A query that failed is never kept (its
 * 400 is written by the pipe each time, with the same French message), nor one that carries
 * credentials (a member's request; their token must not stay in memory as a key).
 */
export class KeptQueries {
  private readonly byDto = new Map<object, Map<string, Dto>>();

  /** The key of a query worth keeping, or undefined. */
  keyOf(metatype: unknown, value: unknown): string | undefined {
    if (typeof metatype !== 'function' || !PUBLIC_QUERIES.has(metatype)) return undefined;
    if (!value || typeof value !== 'object' || credentialsInFields(value)) return undefined;
    return JSON.stringify(value);
  }

  get(metatype: object, key: string): Dto | undefined {
    const kept = this.byDto.get(metatype)?.get(key);
    return kept ? copyOf(kept) : undefined;
  }

  keep(metatype: object, key: string, validated: unknown): void {
    if (!validated || typeof validated !== 'object') return;
    let kept = this.byDto.get(metatype);
    if (!kept) this.byDto.set(metatype, (kept = new Map()));
    if (kept.size >= KEPT_QUERIES_PER_DTO) kept.delete(kept.keys().next().value as string);
    kept.set(key, copyOf(validated as Dto));
  }
}
