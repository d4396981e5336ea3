import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { EXPORT_COLUMNS, EXPORT_EMPTY_MESSAGE, exportFileName, exportPopupAnswersCall, type PopupDocument } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { campaignsStore } from '../../stores/campaigns';
import { popupRules } from '../../services/campaign-kinds';

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
 * `form_answers_{id}.xlsx`, one row per answered question: Date, Visitor, Question,
 * Answer, oldest first. 'campaigns.noSurveysFound' (404) when the popup has no answer yet.
 */
export function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, exportPopupAnswersCall, async (request, reply) => {
    const { id } = request.params;
    const popups = campaignsStore(ctx.db, activeWebsiteOf(request), popupRules);
    const document = await popups.document(id);
    if (!(await popups.hasAnswers(id))) throw notFound(EXPORT_EMPTY_MESSAGE);

    const questions = questionsOf(document as PopupDocument);
    const out = new PassThrough();
    // Loaded on the first export only (ExcelJS and its zip and CSV libraries are a large module graph).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet('Answers');
    sheet.columns = [
      { header: EXPORT_COLUMNS[0], key: 'date', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      { header: EXPORT_COLUMNS[1], key: 'visitor', width: 24 },
      { header: EXPORT_COLUMNS[2], key: 'question', width: 40 },
      { header: EXPORT_COLUMNS[3], key: 'answer', width: 60 },
    ];

    const write = async () => {
      let cursor: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await popups.answersAfter(id, cursor, BATCH);
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
  });
}
