import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { seedReferenceData } from '#database/seed/reference_data'
import { seedDemoMembers } from '#database/seed/demo_members'
import { seedDemoAdmin } from '#database/seed/demo_admin'
import { seedDemoProductDocuments } from '#database/seed/demo_product_documents'

/** Reference data always; demo members and admin unless SEED_DEMO=false. Safe to run again. */
export default class MainSeeder extends BaseSeeder {
  async run() {
    await seedReferenceData()
    if (process.env.SEED_DEMO === 'false') return
    await seedDemoMembers()
    await seedDemoProductDocuments()
    const admin = await seedDemoAdmin()
    if (admin) console.log(`Demo admin created: ${admin.username} / ${admin.password}`)
  }
}
