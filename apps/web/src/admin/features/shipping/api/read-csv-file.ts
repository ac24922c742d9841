// A fee grid's CSV file read as text. Excel on a French Windows saves "CSV" in Windows-1252, not
// UTF-8: read as UTF-8, "Béjaïa" arrives as "B�ja�a" and matches no wilaya. The bytes are read as
// UTF-8 when they are valid UTF-8, else as Windows-1252 (a superset of Latin-1, what such files
// are), and the page says so: the owner checks the names in the preview.

export interface CsvText {
  text: string;
  /** The file was not UTF-8: read as Windows-1252. */
  fromWindows1252: boolean;
}

export async function readCsvFile(file: Blob): Promise<CsvText> {
  const bytes = await file.arrayBuffer();
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), fromWindows1252: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), fromWindows1252: true };
  }
}
