import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ALL_PERMISSIONS } from 'contracts';
import { withTestAppAndUser, type TestApp, type TestUser } from './support/test-app';
import { websites } from '../src/db/schema';
import { contentOf, popupBody } from './support/campaigns';
import { postVisitorEvents } from './support/visitor-events';

/** GET /api/export/{id}: the form answers of a popup as a real spreadsheet. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const survey = () =>
  popupBody({
    content: [
      {
        id: 'p1',
        content: [
          { id: 'q-name', kind: 'question', question: 'Your name?', type: 'text' },
          { id: 'q-size', kind: 'question', question: 'Your size?', type: 'choice', options: ['S', 'M', 'L'] },
        ],
      },
    ],
  });

test('answers posted through the public events call come back as rows of form_answers_{id}.xlsx', async () => {
  const id = await contentOf(t, owner, 'popup', survey());
  const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  const events = [
    {
      type: 'answer',
      visitorId: 'visitor-1',
      contentId: id,
      answers: [
        { blockId: 'q-name', question: 'Your name?', answer: 'Ada' },
        { blockId: 'q-size', question: 'Your size?', answer: 'M' },
      ],
    },
    { type: 'answer', visitorId: 'visitor-2', contentId: id, answers: [{ blockId: 'q-name', question: 'Your name?', answer: 'Grace' }] },
  ];
  for (const posted of await postVisitorEvents(t, site.publicKey, events)) expect(posted.statusCode).toBe(202);

  const res = await t.request({ method: 'GET', url: `/api/export/${id}`, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="form_answers_${id}.xlsx"`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['Date', 'Visitor', 'Question', 'Answer']);
  const answers = rows.slice(1).map(([date, visitor, question, answer]) => {
    expect(date).toBeInstanceOf(Date);
    return [visitor, question, answer];
  });
  expect(answers).toHaveLength(3);
  expect(answers).toEqual(
    expect.arrayContaining([
      ['visitor-1', 'Your name?', 'Ada'],
      ['visitor-1', 'Your size?', 'M'],
      ['visitor-2', 'Your name?', 'Grace'],
    ]),
  );
});

test('a popup without answers → 404 "No surveys found"; another website’s popup → 404 "Popup not found"', async () => {
  const id = await contentOf(t, owner, 'popup', survey());
  const none = await t.request({ method: 'GET', url: `/api/export/${id}`, headers: owner.headers });
  expect(none.statusCode).toBe(404);
  expect(none.json()).toEqual({ message: 'No surveys found' });
  const fr = await t.request({ method: 'GET', url: `/api/export/${id}`, headers: { ...owner.headers, 'accept-language': 'fr' } });
  expect(fr.json()).toEqual({ message: 'Aucun questionnaire trouvé' });
  const stranger = await t.createUser({ permissions: ['get_posts'] });
  const foreign = await t.request({ method: 'GET', url: `/api/export/${id}`, headers: stranger.headers });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ message: 'Popup not found' });
  const banner = await contentOf(t, owner, 'banner');
  expect((await t.request({ method: 'GET', url: `/api/export/${banner}`, headers: owner.headers })).statusCode).toBe(404);
});
