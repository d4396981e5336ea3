import { fileNameOf } from './export-popup-answers';

test("the answers' file is named by the popup's title, made safe for any file system; no title → the API's name", () => {
  expect(fileNameOf('Tell us - answers', 'form_answers_1.xlsx')).toBe('Tell us - answers.xlsx');
  expect(fileNameOf(' Plan: A/B? "test" <1>\n\t* ', 'x.xlsx')).toBe('Plan A B test 1.xlsx');
  expect(fileNameOf('خطة الأسعار - الإجابات', 'x.xlsx')).toBe('خطة الأسعار - الإجابات.xlsx');
  expect(fileNameOf('a'.repeat(300), 'x.xlsx')).toBe(`${'a'.repeat(100)}.xlsx`);
  expect(fileNameOf(' /:* ', 'form_answers_1.xlsx')).toBe('form_answers_1.xlsx');
});
