import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiOkResponse } from '@nestjs/swagger';
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
