import { createReadStream } from 'node:fs'
import mysql from 'mysql2/promise'

/*
| The census benchmarks' baseline: MariaDB's own bulk path (LOAD DATA LOCAL
| INFILE) for the same rows into the same members table, on a connection of
| the benchmark's own (DB_* from the environment).
*/

async function connect() {
  return mysql.createConnection({
    host: process.env.DB_HOST, user: process.env.DB_USER, password: process.env.DB_PASSWORD, database: process.env.DB_DATABASE,
    flags: ['+LOCAL_FILES'], infileStreamFactory: (path: string) => createReadStream(path),
  } as any)
}

/** The census rows of a TSV (census_generator's writeCensusTsv) into members (no family links, no validation). */
export async function loadDataInfile(tsv: string) {
  const connection = await connect()
  try {
    await connection.query(
      `LOAD DATA LOCAL INFILE ? INTO TABLE members FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n'
       (member_id, insured_full_name, date_of_birth, insured_role, residence_country, @principal_name, @principal_person_id, person_id, product_name, @email, plan_name, final_premium, premium_currency)
       SET principal_name = NULLIF(@principal_name, ''), principal_person_id = NULLIF(@principal_person_id, ''), email = NULLIF(@email, ''),
           original_email = NULLIF(@email, ''), status = 'Active', created_at = NOW(), updated_at = NOW()`,
      [tsv]
    )
  } finally {
    await connection.end()
  }
}

/**
 * An empty members table for each measured load, the same for LOAD DATA and
 * the import: TRUNCATE (a fresh table) rather than DELETE, whose background
 * purge of 100,000 deleted rows would slow whichever ran next.
 */
export async function truncateMembers() {
  const connection = await connect()
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS = 0')
    await connection.query('TRUNCATE TABLE members')
    await connection.query('TRUNCATE TABLE products')
  } finally {
    await connection.end()
  }
}
