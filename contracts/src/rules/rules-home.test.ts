/**
 * Rules live in `contracts/src/rules/` (CONTRIBUTING, "Layout"), where the browser and the server
 * read them without the route files' schemas: the route files under `api/` hold shapes, and say
 * no number, duration or limit of their own. Chat and doctor messages share one length rule, and
 * shipments, the tracker and the portal one list of order statuses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { chatMessages, chatText } from '../api/chat';
import { doctorMessages, sendDocMessage } from '../api/doctor';
import { shipmentSummarySchema } from '../api/fulfillment';
import { progressItemSchema } from '../api/portal';
import { chatLimits, doctorChatLimits, messageMax, messageTooLong } from './messages';
import {
  orderStatuses,
  pharmacyStatuses,
  shipmentStatuses,
  trackerStepKeys,
} from './order-statuses';

const apiDir = join(__dirname, '..', 'api');

/** Numbers in `api/` that are shapes, not rules: the wire's own values. */
const shapeNumbers: Readonly<Record<string, string>> = {
  INT32_MAX: 'the range of an integer column and field',
  SIGNED_PUT_ALREADY_STORED: "the HTTP status of a signed upload's second PUT",
  submittedValues: "the codes of an order's `submitted` field",
};

function isNumeric(node: ts.Expression): boolean {
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
    return isNumeric(node.expression);
  if (ts.isPrefixUnaryExpression(node)) return isNumeric(node.operand);
  if (ts.isBinaryExpression(node)) return isNumeric(node.left) || isNumeric(node.right);
  if (ts.isObjectLiteralExpression(node))
    return node.properties.some((p) => ts.isPropertyAssignment(p) && isNumeric(p.initializer));
  return false;
}

/** The exported constants of a route file that hold a number (alone or in an object). */
function numberConstants(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isVariableStatement(statement)) return [];
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    return statement.declarationList.declarations
      .filter((d) => d.initializer && isNumeric(d.initializer))
      .map((d) => d.name.getText(source));
  });
}

describe('where rules live', () => {
  it('keeps every number, duration and limit out of the route files', () => {
    const files = readdirSync(apiDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      numberConstants(join(apiDir, f))
        .filter((name) => !(name in shapeNumbers))
        .map((name) => `api/${f}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it('gives chat and doctor messages one 256-character rule, with one refusal', () => {
    expect(messageMax).toBe(256);
    expect(chatLimits.messageMax).toBe(messageMax);
    expect(doctorChatLimits.messageMax).toBe(messageMax);
    expect(chatMessages.tooLong).toBe(messageTooLong);
    expect(doctorMessages.tooLong).toBe(messageTooLong);
    const longest = 'x'.repeat(messageMax);
    expect(chatText.safeParse(longest).success).toBe(true);
    expect(chatText.safeParse(`${longest}x`).error?.issues[0]?.message).toBe(messageTooLong);
    const toDoctor = (message: string) => sendDocMessage.body?.safeParse({ message, visitId: 1 });
    expect(toDoctor(longest)?.success).toBe(true);
    expect(toDoctor(`${longest}x`)?.error?.issues[0]?.message).toBe(messageTooLong);
  });

  it('builds the shipments, the tracker and the portal from one list of order statuses', () => {
    const inOrder = (list: readonly string[]) => orderStatuses.filter((s) => list.includes(s));
    expect(inOrder(pharmacyStatuses)).toEqual([...pharmacyStatuses]);
    expect(inOrder(trackerStepKeys)).toEqual([...trackerStepKeys]);
    expect(shipmentStatuses).toEqual(['awaiting_check_in', ...pharmacyStatuses]);
    expect(progressItemSchema.shape.status.options).toEqual([...orderStatuses]);
    expect(shipmentSummarySchema.shape.status.options).toEqual([...shipmentStatuses]);
  });
});
