/**
 * Files for the CSV import walks, made in the test (nothing downloaded): a UTF-8 CSV with company,
 * website, country and a column kept as a custom field, an email repeated and an empty row; a Latin-1
 * (Windows-1252) CSV of accented names; a PNG image named .csv.
 */
export type ImportFile = { name: string; mimeType: string; buffer: Buffer };

export function companyCsv(t: string): ImportFile {
  const rows = [
    'Email,First Name,Last Name,Company,Website,Country,Favourite colour',
    `ana.${t}@company.example.test,Ana,Ortiz${t},Northwind ${t},northwind-${t}.example,Spain,Blue`,
    `ben.${t}@company.example.test,Ben,Okafor${t},Northwind ${t},,Germany,Green`,
    `cai.${t}@company.example.test,Cai,Lee${t},Northwind Trading ${t},https://www.northwind-${t}.example/about,France,`,
    ',,,,,,',
    `ANA.${t}@company.example.test,Ana,Ortiz-Diaz${t},Northwind ${t},northwind-${t}.example,Spain,Red`,
  ];
  return { name: `people-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\r\n')}\r\n`) };
}

/** Two people with accented names, in Windows-1252 bytes (é, ü, ë, Å are one byte each, not UTF-8). */
export function latin1Csv(t: string): ImportFile {
  const text = [
    'email,first_name,last_name',
    `jose.${t}@latin.example.test,José,Müller${t}`,
    `zoe.${t}@latin.example.test,Zoë,Ångström${t}`,
  ].join('\n');
  return { name: `latin-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${text}\n`, 'latin1') };
}

/** The first bytes of a PNG image (signature and header chunk), named like a CSV file. */
export function pngNamedCsv(): ImportFile {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex');
  return { name: 'contacts.csv', mimeType: 'text/csv', buffer: png };
}
