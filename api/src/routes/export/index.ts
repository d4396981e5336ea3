import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, EXPORT_EMPTY_MESSAGE, exportFileName, idParamSchema, type PopupDocument } from 'contracts';
import type { AppContext } from '../../context';
import { contents, formAnswers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { popupKind } from '../campaigns-shared/kinds';
import { ownContent } from '../campaigns-shared/store';
import { activeWebsiteOf as websiteOf } from '../../plugins/access';
import { errorResponses, zod } from '../shared';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Answers read per query: the workbook is streamed, so a popup with many answers never sits in memory whole. */
const BATCH = 2000;

/** Question texts of a popup's form blocks, for answers that arrived without their question. */
function questionsOf(doc: PopupDocument): Map<string, string> {
  const map = new Map<string, string>();
  for (const page of doc.content ?? []) for (const block of page.content ?? []) if (block.kind === 'question') map.set(block.id, block.question);
  return map;
}

/**
 * GET /api/export/{id} (get_posts): the form answers of a popup as a real spreadsheet,
 * `form_answers_{id}.xlsx` (spec section 7), one row per answered question: Date, Visitor, Question,
 * Answer, oldest first. 'No surveys found' (404, spec section 8) when the popup has no answer yet.
 */
export function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/export/:id',
    {
      config: { auth: true, permission: 'get_posts', website: true },
      schema: {
        tags: ['popups'],
        summary: 'Download the form answers of a popup as form_answers_{id}.xlsx',
        params: idParamSchema,
        produces: [XLSX_TYPE],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const website = websiteOf(request);
      const { id } = request.params;
      const [popup] = await ctx.db
        .select({ document: contents.document })
        .from(contents)
        .where(ownContent(website.id, 'popup', id))
        .limit(1);
      if (!popup) throw notFound(popupKind.messages.notFound);
      const [any] = await ctx.db
        .select({ one: sql`1` })
        .from(formAnswers)
        .where(eq(formAnswers.contentId, id))
        .limit(1);
      if (!any) throw notFound(EXPORT_EMPTY_MESSAGE);

      const questions = questionsOf(popup.document as PopupDocument);
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet('Answers');
      sheet.columns = [
        { header: EXPORT_COLUMNS[0], key: 'date', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
        { header: EXPORT_COLUMNS[1], key: 'visitor', width: 24 },
        { header: EXPORT_COLUMNS[2], key: 'question', width: 40 },
        { header: EXPORT_COLUMNS[3], key: 'answer', width: 60 },
      ];

      // Keyset paging on (created_at, id): stable however many answers arrive meanwhile.
      const write = async () => {
        let cursor: { createdAt: Date; id: string } | undefined;
        for (;;) {
          const rows = await ctx.db
            .select()
            .from(formAnswers)
            .where(
              and(
                eq(formAnswers.contentId, id),
                cursor
                  ? or(gt(formAnswers.createdAt, cursor.createdAt), and(eq(formAnswers.createdAt, cursor.createdAt), gt(formAnswers.id, cursor.id)))
                  : undefined,
              ),
            )
            .orderBy(asc(formAnswers.createdAt), asc(formAnswers.id))
            .limit(BATCH);
          for (const r of rows) {
            sheet.addRow({ date: r.createdAt, visitor: r.visitorId, question: r.question || questions.get(r.blockId) || r.blockId, answer: r.answer }).commit();
          }
          if (rows.length < BATCH) break;
          cursor = rows[rows.length - 1];
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err) => out.destroy(err));

      return (
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${exportFileName(id)}"`)
          .header('cache-control', 'no-store')
          // The console runs on another origin; it may read the file name.
          .header('access-control-expose-headers', 'Content-Disposition')
          // A stream body: the typed reply only knows the JSON error answers (the 200 has no schema).
          .send(out as never)
      );
    },
  );
}
