/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { censusCsv, familyRows, writeTmpFile } from '#tests/helpers/census_files'
import { Member } from '#modules/members/index'

/** The window of these tests. */
const WIDE = { width: 1400, height: 900 }

test.group('Import Data and Members screens', (group) => {
  // The database matters here: this file also runs on MariaDB (docs/developing.md, "Where tests run").
  group.tap((t) => t.tags(['@database'], 'append'))
  isolateEachTest(group)

  test('a small CSV is previewed and imported, then found in Members', async ({ assert }) => {
    const rows = [
      ...familyRows('WEB'),
      [
        'WEB-09',
        'Broken Row',
        '31.02.1990',
        'Principal',
        '',
        '',
        '',
        '',
        'WEB Care Plus',
        '',
        '',
        '',
        '',
      ],
    ]
    const file = await writeTmpFile('web-census.csv', censusCsv(rows))

    const page = await adminScreen('import', { viewport: WIDE })
    await page.getByTestId('db-stat-members').filter({ hasText: /\d/ }).waitFor()
    const membersBefore = Number(
      (await page.getByTestId('db-stat-members').textContent())!.replace(/,/g, '')
    )

    await page.getByTestId('preview-import').click()
    await page.getByText('Please select a file first').waitFor()

    await page.getByTestId('import-file').setInputFiles(file)
    await page.getByTestId('preview-import').click()
    await page.getByText('File parsed successfully! Review the preview below.').waitFor()
    assert.equal(await page.getByTestId('preview-total').textContent(), '4')
    assert.equal(
      await page.getByTestId('preview-unique').textContent(),
      '3',
      'the rows that will be imported'
    )
    assert.include(
      await page.getByTestId('preview-warnings').textContent(),
      'Row 5: Date of Birth "31.02.1990" is not a valid date'
    )
    await page.getByTestId('view-all-records').click()
    await page.getByTestId('all-records-table').waitFor()
    // Served a page at a time by the server, sorted by name; a click on Name turns the order round.
    const names = () =>
      page.getByTestId('all-records-table').locator('tbody tr td:nth-child(2)').allTextContents()
    assert.deepEqual(await names(), ['Broken Row', 'WEB Child', 'WEB Principal', 'WEB Spouse'])
    await page.getByTestId('all-records-table').getByRole('button', { name: 'Name' }).click()
    await page
      .getByTestId('all-records-table')
      .locator('tbody tr')
      .first()
      .filter({ hasText: 'WEB Spouse' })
      .waitFor()
    assert.deepEqual(await names(), ['WEB Spouse', 'WEB Principal', 'WEB Child', 'Broken Row'])
    await page.waitForTimeout(400) // the dialog's fade-in
    await screenshot(page, 'people-import-all-records')
    await page.getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('all-records-dialog').waitFor({ state: 'detached' })
    await screenshot(page, 'people-import-preview')

    await page.getByTestId('confirm-import').click()
    await page.getByText('Import completed with 1 errors. 3 members imported.').waitFor()
    assert.include(
      await page.getByTestId('import-result-summary').textContent(),
      '3 members imported, 1 new products added'
    )
    await page
      .getByTestId('db-stat-members')
      .filter({ hasText: String(membersBefore + 3) })
      .waitFor()
    await screenshot(page, 'people-import-result')
    assert.isNotNull(await Member.findBy('member_id', 'WEB-02'))

    await goToScreen(page, 'members')
    await page.getByTestId('members-search').fill('WEB-0')
    await page.getByTestId('member-row-WEB-02').waitFor()
    // The search applies after typing pauses (react-admin's filter debounce): wait for the filtered page.
    await page.getByTestId('members-showing').getByText('Showing 1 to 3 of 3 results').waitFor()
    assert.include(
      await page.getByTestId('members-showing').textContent(),
      'Showing 1 to 3 of 3 results'
    )
    await page.getByTestId('member-row-WEB-02').getByRole('button', { name: 'View member' }).click()
    await page.getByTestId('member-details').getByText('WEB Spouse').waitFor()
    assert.include(await page.getByTestId('member-details').textContent(), '03.09.1977')
    await page.waitForTimeout(400)
    await screenshot(page, 'people-member-details')
    await page.getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('member-details').waitFor({ state: 'detached' })
    await page.getByTestId('members-search').fill('')
    await page.getByTestId('member-row-DEMO-1001').waitFor()
    await screenshot(page, 'people-members')
  })

  test('the member form asks for the required fields and creates a member', async ({ assert }) => {
    const page = await adminScreen('members', { viewport: WIDE })
    await page.getByTestId('add-member').click()
    await page.getByTestId('member-save').click()
    assert.equal(
      await page.getByTestId('member-form-error').textContent(),
      'Please fill in all required fields'
    )
    await page.getByTestId('member-member_id').fill('UI-1')
    await page.getByTestId('member-insured_full_name').fill('Ui Person')
    await page.getByTestId('member-date_of_birth').fill('05.06.1990')
    await screenshot(page, 'people-member-form')
    await page.getByTestId('member-save').click()
    await page.getByText('Member created successfully').waitFor()
    const member = await Member.findByOrFail('member_id', 'UI-1')
    assert.equal(member.date_of_birth.toISODate(), '1990-06-05')
    assert.equal(member.status, 'Active')
    assert.equal(member.insured_role, 'Principal')
  })

  test('the member form shows the server refusing a Spouse without a principal on the Principal Person ID field', async ({
    assert,
  }) => {
    const page = await adminScreen('members', { viewport: WIDE })
    await page.getByTestId('add-member').click()
    await page.getByTestId('member-member_id').fill('UI-SP')
    await page.getByTestId('member-insured_full_name').fill('Ui Spouse')
    await page.getByTestId('member-date_of_birth').fill('05.06.1990')
    await page.getByRole('dialog').getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Spouse' }).click()
    await page.getByTestId('member-save').click()
    const message =
      'A Spouse needs a principal: enter the Principal Person ID of an existing principal member'
    assert.equal(await page.getByTestId('member-form-error').textContent(), message)
    // The 422 names principal_person_id: its input is marked invalid and shows the message.
    const field = page.getByTestId('member-principal_person_id')
    assert.equal(await field.getAttribute('aria-invalid'), 'true')
    await page
      .getByRole('dialog')
      .locator('.MuiFormHelperText-root.Mui-error', { hasText: message })
      .waitFor()
    assert.isNull(await Member.findBy('member_id', 'UI-SP'))
  })

  test('the admins screen validates the create dialog and lists accounts', async ({ assert }) => {
    const page = await adminScreen('admins', { viewport: WIDE })
    await page.getByTestId('admins-table').getByText('admin@example.com').waitFor()
    await page.getByText('Page 1 of 1').waitFor()
    await page.getByTestId('add-admin').click()
    await page.getByTestId('admin-form-username').fill('ops')
    await page.getByTestId('admin-form-email').fill('ops@example.test')
    await page.getByTestId('admin-form-password').fill('123')
    await page.getByTestId('admin-form-submit').click()
    assert.equal(
      await page.getByTestId('admin-form-error').textContent(),
      'Password must be at least 6 characters'
    )
    await page.getByTestId('admin-form-password').fill('secret-123-abc')
    await page.getByTestId('admin-form-submit').click()
    await page.getByText('Admin created successfully').waitFor()
    await page.getByTestId('admins-table').getByText('ops@example.test').waitFor()
    await screenshot(page, 'people-admins')
  })
})
