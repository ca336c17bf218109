/**
 * The JSON Schema of every order type, generated from ORDER_SHAPES (the
 * notation's table, itself kept equal to ORDER_FIELDS by a test), for the
 * REST contract: openapi.yaml's `OrderOf…` schemas and the `Order` oneOf are
 * these, and test/unit/order-contract.spec.ts fails when they drift or when
 * the engine lists an order they do not describe.
 */
import { ORDER_SHAPES, type FieldKind } from './notation';

const KIND_SCHEMA: Record<FieldKind, object> = {
  unit: { type: 'string' },
  hex: { type: 'string' },
  text: { type: 'string' },
  units: { type: 'array', items: { type: 'string' } },
  hexes: { type: 'array', items: { type: 'string' } },
  boolean: { type: 'boolean' },
  integer: { type: 'integer' },
};

/** The schema's name in openapi.yaml: OrderOf + the type in PascalCase ("end-phase" → OrderOfEndPhase). */
export function orderSchemaName(type: string): string {
  return `OrderOf${type
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}`;
}

/** One schema per order type: its `type` constant, its fields typed, the required ones required, nothing else. */
export function orderSchemas(): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [type, shape] of Object.entries(ORDER_SHAPES)) {
    const properties: Record<string, object> = { type: { const: type } };
    for (const f of shape) properties[f.name] = KIND_SCHEMA[f.kind];
    out[orderSchemaName(type)] = {
      type: 'object',
      required: ['type', ...shape.filter((f) => !f.optional).map((f) => f.name)],
      properties,
      additionalProperties: false,
    };
  }
  return out;
}
