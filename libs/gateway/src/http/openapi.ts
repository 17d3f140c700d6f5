import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Documents a body with the same zod schema that validates it. */
export function ApiZodBody(schema: z.ZodType) {
  return ApiBody({ schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema });
}

/** Documents a 200/201 response with a contract schema. */
export function ApiZodResponse(schema: z.ZodType, description = 'Success') {
  return applyDecorators(
    ApiOkResponse({
      description,
      schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema,
    }),
  );
}

/** Documents each field of a query-string schema as a query parameter, from the zod schema that validates it. */
export function ApiZodQuery(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiQuery({ name, required: json.required?.includes(name) ?? false, schema: property }),
    ),
  );
}
