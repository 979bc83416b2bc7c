import { z } from 'zod';
import { msg } from './messages.ts';

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const count = (value: unknown) => Number(value).toLocaleString('es-CL');

/**
 * Plain Spanish for the issues a schema does not word itself, so an API caller never reads
 * 'se esperaba int, recibido número', '<=9007199254740991' or 'recibido NaN'. A message written
 * in a schema wins over this; anything not handled here falls back to zod's Spanish locale.
 */
function plainSpanish(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return msg.required;
      if (issue.expected === 'number' || issue.expected === 'int') return msg.notANumber;
      if (issue.expected === 'string') return msg.notText;
      if (issue.expected === 'boolean') return msg.notBoolean;
      if (issue.expected === 'array') return msg.notAList;
      if (issue.expected === 'object' || issue.expected === 'record') return msg.notAnObject;
      return msg.invalidValue;
    case 'too_big':
      if (NUMBER_ORIGINS.has(String(issue.origin))) return msg.numberTooLarge;
      if (issue.origin === 'string')
        return `Debe tener como máximo ${count(issue.maximum)} ${Number(issue.maximum) === 1 ? 'carácter' : 'caracteres'}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Debe tener como máximo ${count(issue.maximum)} ${Number(issue.maximum) === 1 ? 'elemento' : 'elementos'}`;
      return msg.invalidValue;
    case 'too_small':
      if (NUMBER_ORIGINS.has(String(issue.origin))) return msg.numberTooSmall;
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? msg.required : `Debe tener al menos ${count(issue.minimum)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set') return msg.required;
      return msg.invalidValue;
    case 'not_multiple_of':
      return msg.notAnInteger;
    case 'invalid_value':
    case 'invalid_union':
      return msg.invalidOption;
    case 'invalid_format':
    case 'invalid_key':
    case 'invalid_element':
      return msg.invalidValue;
    case 'unrecognized_keys':
      return `Campo no permitido: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config(z.locales.es());
z.config({ customError: plainSpanish });

export { z };
