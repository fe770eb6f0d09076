import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[2]);
const r = await db.query(`select pi.enterprise_id, pi.current_task_name, count(*) from process_instances pi where status='running' group by 1,2 order by 1,2`);
console.log(r.rows);
